// Turns a benchmark run into its one table (console and Markdown), the results files and the
// Performance page (docs/performance.md).
import { readFileSync, writeFileSync } from 'node:fs';
import type { LoadResult } from './load';
import type { Target } from './scenarios';

export interface ScenarioResult {
  name: string;
  title: string;
  app: LoadResult;
  bare: LoadResult | null;
  /** Answers other than the scenario's expected statuses, plus socket errors and timeouts. */
  errors: number;
  /** App figure divided by the floor's (requests/s: higher is better; latency: lower is better). */
  ratios?: { rps: number; p50: number; p99: number };
  /** At scale: figure divided by the same scenario's with the demo-scale data. */
  versusDemo?: { rps: number; p50: number; p99: number };
  target?: Target;
  check?: { accepted: number; refused: number; stockLeft: number; ok: boolean };
  /**
   * CPU time (user and system) the loaded process spent per request answered, in microseconds, and
   * the floor's for the same bytes: steadier than requests/s on a machine whose load varies.
   */
  cpuMicrosPerRequest?: { app: number; bare?: number };
  /** For scenarios that must not be answered from memory: the read cache's counts during the load. */
  readCache?: { hits: number; misses: number };
}

export interface DatabaseRun {
  /** 'none' for the tRPC adapter measured on its own. */
  database: 'postgres' | 'pglite' | 'none';
  label: string;
  /** The storefront's start-up and memory; absent for the adapter alone. */
  startupMs?: number;
  memory?: { beforeBytes: number; afterBytes: number };
  scenarios: ScenarioResult[];
  scale?: boolean;
}

export interface BenchReport {
  startedAt: string;
  machine: { cpus: number; node: string; loadBefore: number[]; loadAfter: number[] };
  connections: number;
  seconds: number;
  runs: DatabaseRun[];
}

const TABLE_START = '<!-- bench:start -->';
const TABLE_END = '<!-- bench:end -->';

type Row = string[];

const header: Row = [
  'database',
  'scenario',
  'req/s',
  '× floor',
  'p50 ms',
  '× floor',
  'p99 ms',
  '× floor',
  'CPU µs/req (floor)',
  'errors',
  'target',
  'met',
];

function rows(report: BenchReport): Row[] {
  const table: Row[] = [];
  for (const run of report.runs) {
    for (const result of run.scenarios) {
      const { app } = result;
      const versus = result.versusDemo;
      table.push([
        run.label,
        result.title,
        fixed(app.requestsPerSecond, 0),
        versus ? `${fixed(versus.rps, 2)} of demo` : result.ratios ? fixed(result.ratios.rps, 2) : '—',
        fixed(app.latencyMs.p50, 0),
        versus ? `${fixed(versus.p50, 2)} of demo` : result.ratios ? fixed(result.ratios.p50, 1) : '—',
        fixed(app.latencyMs.p99, 0),
        versus ? `${fixed(versus.p99, 2)} of demo` : result.ratios ? fixed(result.ratios.p99, 1) : '—',
        cpuCell(result.cpuMicrosPerRequest),
        result.check
          ? `${result.errors} (${result.check.accepted} sold of ${result.check.accepted + result.check.stockLeft}, ${result.check.refused} × 409)`
          : result.readCache
            ? `${result.errors} (${result.readCache.hits} of ${(result.readCache.hits + result.readCache.misses).toLocaleString('en')} reads from memory)`
            : String(result.errors),
        describeTarget(result, run),
        verdict(result, run),
      ]);
    }
    if (!run.memory || run.startupMs === undefined) continue;
    const { beforeBytes, afterBytes } = run.memory;
    const memoryRatio = afterBytes / beforeBytes;
    table.push([
      run.label,
      `Server memory (RSS) before → after the load; start-up ${fixed(run.startupMs, 0)} ms`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      `${mb(beforeBytes)} → ${mb(afterBytes)} MB (× ${fixed(memoryRatio, 2)}), ≤ 1.3×`,
      run.scale ? '' : memoryRatio <= 1.3 ? 'yes' : 'no',
    ]);
  }
  return table;
}

function cpuCell(cpu: ScenarioResult['cpuMicrosPerRequest']): string {
  if (!cpu) return '';
  return cpu.bare === undefined ? fixed(cpu.app, 0) : `${fixed(cpu.app, 0)} (${fixed(cpu.bare, 0)})`;
}

function describeTarget(result: ScenarioResult, run: DatabaseRun): string {
  if (run.scale) return '≤ 2× demo p50';
  if (result.check) return 'sold = stock, rest 409';
  const target = result.target;
  if (!target || run.database !== 'postgres') return '';
  const parts: string[] = [];
  if (target.rpsRatio !== undefined) parts.push(`≥ ${target.rpsRatio}× floor`);
  if (target.rps !== undefined) parts.push(`≥ ${target.rps} ${target.unit ?? 'req'}/s`);
  if (target.p99Ms !== undefined) parts.push(`p99 ≤ ${target.p99Ms} ms`);
  parts.push('0 errors');
  return parts.join(', ');
}

function verdict(result: ScenarioResult, run: DatabaseRun): string {
  if (run.scale) return result.versusDemo ? (result.versusDemo.p50 <= 2 ? 'yes' : 'no') : '';
  if (result.check) return result.check.ok && result.errors === 0 ? 'yes' : 'no';
  const target = result.target;
  if (!target || run.database !== 'postgres') return '';
  const met =
    result.errors === 0 &&
    (target.rpsRatio === undefined || (result.ratios?.rps ?? 0) >= target.rpsRatio) &&
    (target.rps === undefined || result.app.requestsPerSecond >= target.rps) &&
    (target.p99Ms === undefined || result.app.latencyMs.p99 <= target.p99Ms);
  return met ? 'yes' : 'no';
}

export function renderTable(report: BenchReport): string {
  const table = [header, ...rows(report)];
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  const line = (row: Row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows(report).map(line)].join('\n');
}

function markdownTable(report: BenchReport): string {
  const line = (row: Row) => `| ${row.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows(report).map(line)].join('\n');
}

function conditions(report: BenchReport): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
  return (
    `Run of ${report.startedAt} on ${report.machine.cpus} cores, Node ${report.machine.node}: ` +
    `${report.connections} connections on loopback from a separate load-generator process, ` +
    `${report.seconds} s per measurement after a warm-up. Load average before ${load(report.machine.loadBefore)}, ` +
    `after ${load(report.machine.loadAfter)}. "× floor" divides by the floor: a bare Fastify route sending ` +
    'the same bytes, already serialised, in the same run (requests/s: higher is better; latency: lower is better). ' +
    'The storefront logs every request, as shipped.'
  );
}

export function renderMarkdown(report: BenchReport): string {
  return `# Benchmark ${report.startedAt}\n\n${conditions(report)}\n\n${markdownTable(report)}\n`;
}

/** Replaces the table between the performance page's bench markers (appended if absent). */
export function updatePerformancePage(page: URL, report: BenchReport): void {
  const text = readFileSync(page, 'utf8');
  const block = `${TABLE_START}\n${conditions(report)}\n\n${markdownTable(report)}\n${TABLE_END}`;
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  const updated =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${block}${text.slice(end + TABLE_END.length)}`
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(page, updated);
}

function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
