import { DEFERRED_MEDIA_ATTRIBUTE } from '@wpc/shared/page-contract';

/**
 * The edge inlines each page's critical rules and links its stylesheets as media="print" so they
 * do not hold up the first paint (shell/server/critical-css.ts). From the first script on they
 * apply to everything, including what scripts add later.
 */
export function applyDeferredStylesheets(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_MEDIA_ATTRIBUTE}]`)) {
    link.media = link.getAttribute(DEFERRED_MEDIA_ATTRIBUTE) || 'all';
    link.removeAttribute(DEFERRED_MEDIA_ATTRIBUTE);
  }
}
