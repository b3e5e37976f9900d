// Downloads an admin export (GET /admin/orders.csv, /admin/parts.csv). The request must carry the
// session's bearer token, which a plain link cannot send, so the file is fetched and handed to
// the browser as a blob (docs/decisions/0025).
import { messages } from '../../shared/messages';
import { getAccessToken } from './access-token';

/** Fetches the file at `path` and saves it under the name the server gives, else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch((error: unknown) => {
    throw new Error(messages.shopUnreachable, { cause: error });
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(answer?.error?.message ?? messages.serverError);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
