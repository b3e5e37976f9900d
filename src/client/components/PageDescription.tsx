// Sets the page's meta description, the summary a shared link or a search result shows, and puts
// the site's own back when the page goes. The shell's <meta> is edited rather than a second one
// added, since readers take the first.
import { useEffect } from 'react';

export function PageDescription({ description }: { description: string }) {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const siteDescription = meta.content;
    meta.content = description;
    return () => {
      meta.content = siteDescription;
    };
  }, [description]);
  return null;
}
