// The part editor's edit form as it opens on a part: every field as saved and its version, so a
// test changes only what it means to. Without `withGallery` it leaves out the gallery and the
// specifications, which an edit then keeps as saved (the cover following the image URL).
import type { EditToolInput } from '../../shared/tools';
import type { TestShop, TestUser } from './test-shop';

export async function openPartEditForm(
  shop: TestShop,
  as: TestUser,
  id: string,
  { withGallery = false }: { withGallery?: boolean } = {},
): Promise<EditToolInput> {
  const part = await shop.caller(as.user).tools.adminById({ id });
  return {
    id: part._id,
    version: part.version,
    availableWas: part.available,
    name: part.name,
    price: part.price,
    img: part.img,
    description: part.description,
    minimumOrderQuantity: part.minimumOrderQuantity,
    available: part.available,
    ...(withGallery ? { images: part.images, specifications: part.specifications } : {}),
  };
}
