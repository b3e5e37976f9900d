// The shop's public origin (SHOP_URL), which canonical addresses and shared links are written
// with: the server-side render and the page it hydrates both take it from the server, so the
// tags the server wrote are the ones the browser keeps; a page the browser draws alone uses its own.
import { createContext, useContext } from 'react';

export const ShopOrigin = createContext('');

export function useShopOrigin(): string {
  return useContext(ShopOrigin);
}
