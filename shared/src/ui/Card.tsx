import { useId, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { AppLink } from '@wpc/shared/navigation';
import { Accordion, type AccordionItem } from './Accordion';
import { PopupButton, type PopupPage } from './PopupButton';
import { IconLinks, type IconLinkItem } from './IconLinks';
import buttonStyles from './Button.module.css';
import styles from './Card.module.css';

/** The typed content blocks a card is built from (spec §2). */
export type CardBlock =
  | { readonly type: 'paragraph'; readonly content: ReactNode }
  | { readonly type: 'header-H4'; readonly content: string }
  | { readonly type: 'header-H5'; readonly content: string }
  | { readonly type: 'list'; readonly items: readonly ReactNode[] }
  | { readonly type: 'accordion'; readonly items: readonly AccordionItem[] }
  /** Opens the card's pop-up form. */
  | { readonly type: 'button'; readonly label: string }
  | { readonly type: 'bottom-paragraph'; readonly content: ReactNode }
  | { readonly type: 'icons'; readonly items: readonly IconLinkItem[]; readonly label?: string }
  /**
   * A link, after optional lead-in text ("Problems downloading?"). Site paths change page in
   * place; other addresses open in a new tab. `appearance: 'button'` gives it the button look.
   */
  | {
      readonly type: 'link';
      readonly label: string;
      readonly href: string;
      readonly lead?: string;
      readonly appearance?: 'text' | 'button';
    };

/**
 * Any pop-up form: the forms module's *Popup components fit. pageFor names the page with the same
 * form, where the card's button leads before the page's scripts run (PopupButton).
 */
export type CardPopupForm = ComponentType<{ open: boolean; onClose: () => void; scorecardForm?: boolean }> & {
  readonly pageFor?: (scorecardForm: boolean) => PopupPage;
};

/** A form shown inside the card itself (the forms module's SubscribeForm fits). */
export type CardInlineForm = ComponentType<{ scorecardForm?: boolean; hideIntro?: boolean }>;

export interface CardImage {
  readonly src: string;
  readonly alt: string;
  /** Intrinsic size: reserves the image's space before it loads, so nothing shifts. */
  readonly width?: number;
  readonly height?: number;
  /** Cards start below the fold, so images load lazily unless told otherwise. */
  readonly loading?: 'lazy' | 'eager';
}

export interface CardProps {
  readonly id: string;
  readonly title: string;
  /** Colour of the title, and of the border while the card is hovered or highlighted. */
  readonly titleColor: string;
  readonly image?: CardImage;
  readonly caption?: ReactNode;
  readonly blocks: readonly CardBlock[];
  readonly popupForm?: CardPopupForm;
  /** Rendered after the blocks, e.g. Subscribe for Updates. */
  readonly inlineForm?: CardInlineForm;
  /** Passed to the pop-up form: cards on scorecard pages send scorecardForm: true. */
  readonly scorecardForm?: boolean;
  /** Scorecard cards frame their image differently (spec §2). */
  readonly variant?: 'default' | 'scorecard';
  /** Set while this card's page-menu entry is hovered. */
  readonly highlighted?: boolean;
}

function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

function CardLink({ block }: { readonly block: Extract<CardBlock, { type: 'link' }> }) {
  const className =
    block.appearance === 'button'
      ? [buttonStyles.button, buttonStyles.secondary, styles.buttonLink].join(' ')
      : styles.link;
  const link = isSitePath(block.href) ? (
    <AppLink href={block.href} className={className}>
      {block.label}
    </AppLink>
  ) : (
    <a href={block.href} className={className} target="_blank" rel="noopener noreferrer">
      {block.label}
      <span className="wpc-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
  return (
    <p className={styles.linkRow}>
      {block.lead ? <span>{block.lead} </span> : null}
      {link}
    </p>
  );
}

interface FormTrigger {
  readonly open: () => void;
  readonly page?: PopupPage;
}

function renderBlock(block: CardBlock, index: number, form: FormTrigger) {
  switch (block.type) {
    case 'paragraph':
      return (
        <p key={index} className={styles.paragraph}>
          {block.content}
        </p>
      );
    case 'header-H4':
      return (
        <h4 key={index} className={styles.h4}>
          {block.content}
        </h4>
      );
    case 'header-H5':
      return (
        <h5 key={index} className={styles.h5}>
          {block.content}
        </h5>
      );
    case 'list':
      return (
        <ul key={index} className={styles.list}>
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{item}</li>
          ))}
        </ul>
      );
    case 'accordion':
      return <Accordion key={index} items={block.items} className={styles.accordion} />;
    case 'button':
      return (
        <div key={index} className={styles.buttonRow}>
          <PopupButton onOpen={form.open} page={form.page}>
            {block.label}
          </PopupButton>
        </div>
      );
    case 'bottom-paragraph':
      return (
        <p key={index} className={styles.bottom}>
          {block.content}
        </p>
      );
    case 'icons':
      return <IconLinks key={index} items={block.items} label={block.label} />;
    case 'link':
      return <CardLink key={index} block={block} />;
  }
}

/** A home or scorecard card; its id is the page-menu anchor. */
export function Card({
  id,
  title,
  titleColor,
  image,
  caption,
  blocks,
  popupForm: PopupForm,
  inlineForm: InlineForm,
  scorecardForm,
  variant = 'default',
  highlighted = false,
}: CardProps) {
  const titleId = useId();
  const [formOpen, setFormOpen] = useState(false);
  const style = { '--wpc-card-accent': titleColor } as CSSProperties;
  const classes = [styles.card, variant === 'scorecard' ? styles.scorecard : '', highlighted ? styles.highlighted : ''];

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={classes.filter(Boolean).join(' ')}
      style={style}
      data-highlighted={highlighted || undefined}
      data-variant={variant}
    >
      {image ? (
        <figure className={styles.figure}>
          <img
            className={styles.image}
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading={image.loading ?? 'lazy'}
            decoding="async"
          />
          {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
        </figure>
      ) : null}
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        {blocks.map((block, index) =>
          renderBlock(block, index, {
            open: () => setFormOpen(true),
            page: PopupForm?.pageFor?.(scorecardForm ?? false),
          }),
        )}
        {InlineForm ? (
          <div className={styles.inlineForm}>
            <InlineForm scorecardForm={scorecardForm} hideIntro />
          </div>
        ) : null}
      </div>
      {PopupForm ? (
        <PopupForm open={formOpen} onClose={() => setFormOpen(false)} scorecardForm={scorecardForm} />
      ) : null}
    </section>
  );
}
