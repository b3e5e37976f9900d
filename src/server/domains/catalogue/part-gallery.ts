// A part's gallery: its images in order, each with alt text, the first being its cover. The one
// rule: the gallery's first image is always the part's `img` (what the catalogue's cards and GET
// /tools show), written in the same transaction as the part (docs/decisions/0053).
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { IMAGE_ALT_MAX, type PartImage } from '../../../shared/tools';
import type { Database } from '../../db/database';
import { partImages, tools } from '../../db/schema';
import { refuseMissingImage, type ShopImages } from './images';

/** An image of a part's gallery: its address (`path`, as `img` names one) and the text read in its place. */
export type GalleryImage = PartImage;

/**
 * The part's gallery as one column of a part read, in order. A part written without one (by a
 * process from before galleries, during a rolling deploy) shows its cover, described by its name.
 */
export const galleryColumn = sql<GalleryImage[]>`coalesce(
  (select jsonb_agg(jsonb_build_object('path', ${partImages.path}, 'alt', ${partImages.alt}) order by ${partImages.position})
     from ${partImages} where ${partImages.toolId} = ${tools.id}),
  jsonb_build_array(jsonb_build_object('path', ${tools.img}, 'alt', ${tools.name})))`;

/** Alt text of a cover nobody has described yet: the part's name, as the backfill gave (migrations/0039). */
function altFromName(name: string): string {
  return name.trim().slice(0, IMAGE_ALT_MAX).trim() || 'Picture of the part';
}

interface PartCover {
  id: string;
  name: string;
  img: string;
}

/** Refuses a gallery naming an image the shop does not have, before any transaction opens. */
export async function refuseMissingGalleryImages(images: ShopImages, gallery: readonly PartImage[] | undefined): Promise<void> {
  for (const image of gallery ?? []) await refuseMissingImage(images, image.path);
}

/** How the audit shows a gallery: each image with its alt text, in order. */
function described(gallery: readonly GalleryImage[]): string {
  return gallery.map((image) => `${image.path} (${image.alt})`).join(', ');
}

async function galleryOf(tx: Database, toolId: string): Promise<GalleryImage[]> {
  return tx
    .select({ path: partImages.path, alt: partImages.alt })
    .from(partImages)
    .where(eq(partImages.toolId, toolId))
    .orderBy(asc(partImages.position));
}

/**
 * Saves an edited part's gallery in the edit's transaction. Given, the gallery replaces the one
 * saved, and its first image must be the part's cover (`part.img`). Left out, the gallery stays
 * and its first image follows the cover: a new cover (typed, uploaded or imported) replaces the old
 * first image, described by the part's name. Answers the audit's change, or null for none.
 */
export async function saveGallery(tx: Database, part: PartCover, gallery: readonly PartImage[] | undefined): Promise<string | null> {
  const before = await galleryOf(tx, part.id);
  let after: GalleryImage[];
  if (gallery) {
    if (gallery[0]?.path !== part.img) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.coverImageNotFirst });
    after = gallery.map((image) => ({ path: image.path, alt: image.alt }));
  } else if (before[0]?.path === part.img) {
    return null;
  } else {
    after = [{ path: part.img, alt: altFromName(part.name) }, ...before.slice(1)];
  }
  if (described(after) === described(before)) return null;
  await tx.delete(partImages).where(eq(partImages.toolId, part.id));
  await tx
    .insert(partImages)
    .values(after.map((image, position) => ({ toolId: part.id, position, path: image.path, alt: image.alt })));
  return `images: ${JSON.stringify(described(before))} → ${JSON.stringify(described(after))}`;
}

/** Gives new parts their gallery: their cover alone, described by their name. */
export async function startGalleries(tx: Database, parts: readonly PartCover[]): Promise<void> {
  if (parts.length === 0) return;
  await tx
    .insert(partImages)
    .values(parts.map((part) => ({ toolId: part.id, position: 0, path: part.img, alt: altFromName(part.name) })));
}
