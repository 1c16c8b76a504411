export { Dialog, type DialogProps } from './Dialog';
export { Button, buttonClassName, type ButtonProps } from './Button';
export { PopupButton, type PopupButtonProps, type PopupPage } from './PopupButton';
export { Accordion, type AccordionItem, type AccordionProps } from './Accordion';
export { Card, type CardBlock, type CardImage, type CardInlineForm, type CardPopupForm, type CardProps } from './Card';
export {
  PageMenu,
  scrollToSection,
  stickyHeaderHeight,
  MENU_BREAKPOINT,
  SCROLL_GAP,
  type PageMenuEntry,
  type PageMenuProps,
} from './PageMenu';
export { BackToTop, BACK_TO_TOP_THRESHOLD, type BackToTopProps } from './BackToTop';
export { IconLinks, ZipToolLinks, ZIP_TOOLS, type IconLinkItem, type IconLinksProps, type IconName } from './IconLinks';
export {
  ClipPlayer,
  clipEmbedUrl,
  clipFromTimes,
  hmsToSeconds,
  type ClipPlayerProps,
  type VideoClip,
} from './ClipPlayer';
