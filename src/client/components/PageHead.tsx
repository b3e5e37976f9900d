// A page's own head tags: title, description, canonical address and the Open Graph tags that link
// previews read. React 19 hoists them into <head>, on the server as in the browser, and removes
// them when the page goes. The shell's site description (index.html) steps aside meanwhile, since
// readers take the first description; the server leaves it out of the pages it renders.
import { useEffect } from 'react';
import { useShopOrigin } from '../lib/shop-origin';
import { PageTitle } from './PageTitle';

export interface PageHeadProps {
  title: string;
  description: string;
  /** The page's own path, from which its canonical address is made. */
  path: string;
  /** A picture for link previews: a path on the shop or a full address. */
  image?: string;
  type?: 'website' | 'product';
}

/** index.html's own description, marked so that a page with its own can set it aside. */
const SITE_DESCRIPTION_SELECTOR = 'meta[data-site-description]';

function useSiteDescriptionSetAside(): void {
  useEffect(() => {
    const siteDescription = document.querySelector(SITE_DESCRIPTION_SELECTOR);
    if (!siteDescription) return;
    const { parentNode, nextSibling } = siteDescription;
    siteDescription.remove();
    return () => void parentNode?.insertBefore(siteDescription, nextSibling?.parentNode === parentNode ? nextSibling : null);
  }, []);
}

export function PageHead({ title, description, path, image, type = 'website' }: PageHeadProps) {
  const origin = useShopOrigin();
  useSiteDescriptionSetAside();
  const url = `${origin}${path}`;
  return (
    <>
      <PageTitle title={title} />
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content="Sprocket" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image ? <meta property="og:image" content={origin ? new URL(image, origin).href : image} /> : null}
    </>
  );
}
