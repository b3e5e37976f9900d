// Reads the HTTP status a tRPC error carries (error.data.httpStatus), if any.

export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || !('httpStatus' in data)) return undefined;
  const status = (data as { httpStatus?: unknown }).httpStatus;
  return typeof status === 'number' ? status : undefined;
}
