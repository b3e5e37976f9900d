// Marks a public API route deprecated: each answer says so (Deprecation, RFC 9745), says when the
// route stops answering (Sunset, RFC 8594) and links to the changelog, so an integration's logs
// show it long before the route goes.
import type { FastifyReply } from 'fastify';
import type { Deprecation } from './api-route';

/** Where the API's changes are listed (the reference page's changelog section). */
export const API_CHANGELOG_URL = '/api/docs#changelog';

/** RFC 9745's structured-field date: `@` and seconds since the epoch. */
function structuredDate(isoDate: string): string {
  return `@${Math.floor(Date.parse(isoDate) / 1000)}`;
}

function deprecationHeaders(deprecation: Deprecation): Record<string, string> {
  return {
    deprecation: structuredDate(deprecation.since),
    sunset: new Date(deprecation.sunset).toUTCString(),
    link: `<${API_CHANGELOG_URL}>; rel="deprecation"; type="text/html"`,
  };
}

export function markDeprecated(reply: FastifyReply, deprecation: Deprecation | undefined): void {
  if (deprecation) void reply.headers(deprecationHeaders(deprecation));
}
