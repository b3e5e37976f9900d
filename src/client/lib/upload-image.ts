// Uploads a part's image as the raw bytes of the file (POST /images, admins only) and answers the
// path the part names it by. The type and size are checked here first, so an admin hears about a
// wrong file before it is sent; the server checks them again, by the bytes.
import { IMAGE_UPLOAD_TYPES, MAX_IMAGE_BYTES } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { getAccessToken } from './access-token';

export async function uploadImage(file: File): Promise<string> {
  if (!IMAGE_UPLOAD_TYPES.includes(file.type)) throw new Error(messages.imageTypeInvalid);
  if (file.size > MAX_IMAGE_BYTES) throw new Error(messages.imageTooLarge);
  const token = getAccessToken();
  const response = await fetch('/images', {
    method: 'POST',
    headers: { 'content-type': file.type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  }).catch((error: unknown) => {
    throw new Error(messages.shopUnreachable, { cause: error });
  });
  const answer = (await response.json().catch(() => null)) as { img?: string; error?: { message?: string } } | null;
  if (!response.ok || !answer?.img) throw new Error(answer?.error?.message ?? messages.serverError);
  return answer.img;
}
