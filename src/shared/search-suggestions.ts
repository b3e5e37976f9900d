// The header search's suggestions: what the visitor has typed so far, bounded like the catalogue
// search's words (the suggestions lead to that search when none is picked).
import { z } from 'zod';
import { searchToolsSchema } from './tools';

export const suggestSchema = z.object({ q: searchToolsSchema.shape.q });
export type SuggestInput = z.output<typeof suggestSchema>;
