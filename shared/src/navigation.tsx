import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * single-spa patches history.pushState and re-fires it as popstate, so one call here
 * reroutes the shell and every area's router without a full page load.
 */
export function navigateTo(url: string): void {
  window.history.pushState(null, '', url);
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { readonly href: string };

/** A real link that changes page in place when it stays on this site. */
export function AppLink({ href, onClick, target, children, ...rest }: AppLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigateTo(href);
  };
  return (
    <a href={href} target={target} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
