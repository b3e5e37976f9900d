// The HTML of a page the server renders on request: the built index.html (its asset tags as the
// build named them) with React's output for #root in place, the tags React put first for <head>
// (the page's title, description, canonical address, preloads) moved there in place of the
// shell's own, and the data the browser hydrates from in a JSON data block, which the
// Content-Security-Policy lets through (it is never run).
import { PAGE_DATA_ELEMENT_ID, type RenderedPage } from '../../shared/page-render';

/** React puts what belongs in <head> first when it renders a part of a page. */
const LEADING_HEAD_TAGS = /^(?:<link\b[^>]*\/>|<meta\b[^>]*\/>|<title>[^<]*<\/title>)*/;
const SHELL_TITLE = /<title>[^<]*<\/title>/;
/** index.html's site description (marked data-site-description), over one or several lines. */
const SHELL_DESCRIPTION = /<meta\s[^>]*data-site-description[^>]*>/;
const EMPTY_ROOT = '<div id="root"></div>';

export type PageComposer = (page: RenderedPage) => string;

/** Splits index.html once (at boot); the composer then only joins strings on each request. */
export function pageComposer(template: string): PageComposer {
  const rootAt = template.indexOf(EMPTY_ROOT);
  const headEnd = template.indexOf('</head>');
  if (rootAt < 0 || headEnd < 0 || headEnd > rootAt) throw new Error(`index.html has no </head> before ${EMPTY_ROOT}`);
  const head = template.slice(0, headEnd).replace(SHELL_TITLE, '');
  const headWithoutDescription = head.replace(SHELL_DESCRIPTION, '');
  const betweenHeadAndRoot = template.slice(headEnd, rootAt);
  const afterRoot = template.slice(rootAt + EMPTY_ROOT.length);

  return ({ html, data }) => {
    const headTags = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
    const body = html.slice(headTags.length);
    const ownDescription = headTags.includes('<meta name="description"');
    const dataBlock = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${data}</script>`;
    return `${ownDescription ? headWithoutDescription : head}${headTags}${betweenHeadAndRoot}<div id="root">${body}</div>${dataBlock}${afterRoot}`;
  };
}
