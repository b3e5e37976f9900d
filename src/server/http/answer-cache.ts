// Whole answers to the public reads, by URL. The JSON sent for a GET whose every result is a value
// the read cache holds is kept and sent again without running the procedures, for as long as each
// of those values is still what the read cache holds (cache/read-cache.ts `holds`): an answer is
// exactly as current as the values it was made from, with no invalidation rules of its own.
import type { ReadCache } from '../cache/read-cache';

/** Distinct URLs kept; the oldest goes first (a URL is the caller's to choose). */
const MAX_ANSWERS = 500;

export interface Answer {
  /** The JSON sent. */
  body: string;
  /** Headers made from the values (REST's paging headers), beyond those every such answer has. */
  headers?: Readonly<Record<string, string>>;
}

export interface AnswerCache {
  /** The answer kept for `url`, if every value it was made from is still current. */
  find(url: string): Answer | undefined;
  /** Keeps `answer` for `url` if every one of `values` (what it was made from) is held by the read cache. */
  keep(url: string, answer: Answer, values: readonly unknown[]): void;
}

export function createAnswerCache(cache: ReadCache, maxAnswers = MAX_ANSWERS): AnswerCache {
  const answers = new Map<string, { answer: Answer; values: readonly unknown[] }>();
  const current = (values: readonly unknown[]) => values.length > 0 && values.every((value) => cache.holds(value));
  return {
    find(url) {
      const kept = answers.get(url);
      if (!kept) return undefined;
      if (current(kept.values)) return kept.answer;
      answers.delete(url);
      return undefined;
    },
    keep(url, answer, values) {
      if (!current(values)) return;
      answers.delete(url);
      if (answers.size >= maxAnswers) answers.delete(answers.keys().next().value!);
      answers.set(url, { answer, values });
    },
  };
}
