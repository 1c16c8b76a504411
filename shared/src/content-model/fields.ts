/**
 * The field kinds a content type is declared with. A field is a plain, serialisable object: the
 * same object types the page's data (FieldValue, PageValue below), tells the editor its label and
 * help text, and becomes the validator (validate.ts) after a round trip through the JSON model
 * the remote publishes (json.ts), so the area and the API can never check an entry differently.
 */

interface FieldCommon {
  /** What the editor shows above the input. */
  readonly label: string;
  /** One sentence under the input: what to write, and where it shows on the site. */
  readonly help?: string;
  /** Fields are required unless declared optional. */
  readonly optional?: boolean;
}

export interface TextField extends FieldCommon {
  readonly kind: 'text';
  readonly maxLength?: number;
}
export interface LongTextField extends FieldCommon {
  readonly kind: 'longText';
  readonly maxLength?: number;
}
/** Markdown, rendered to sanitised HTML by the area's server (prepare.ts). */
export interface MarkdownField extends FieldCommon {
  readonly kind: 'markdown';
  readonly maxLength?: number;
}
/** Lower-case words joined by hyphens, for addresses and anchors. */
export interface SlugField extends FieldCommon {
  readonly kind: 'slug';
}
/** A calendar day, YYYY-MM-DD. */
export interface DateField extends FieldCommon {
  readonly kind: 'date';
}
/** An instant with its offset and the time zone it is shown in: { at: '2025-07-16T12:00:00-07:00', timeZone: 'America/Los_Angeles' }. */
export interface DateTimeField extends FieldCommon {
  readonly kind: 'dateTime';
}
/** An http(s) address; with `sitePaths`, also a path of this site ("/scorecard/faq"). */
export interface UrlField extends FieldCommon {
  readonly kind: 'url';
  readonly sitePaths?: boolean;
}
export interface EmailField extends FieldCommon {
  readonly kind: 'email';
}
export interface NumberField extends FieldCommon {
  readonly kind: 'number';
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
}
export interface BooleanField extends FieldCommon {
  readonly kind: 'boolean';
}
export interface SelectOption {
  readonly value: string;
  readonly label: string;
}
export interface SelectField extends FieldCommon {
  readonly kind: 'select';
  readonly options: readonly SelectOption[];
}
/**
 * An image with its alternative text (always required: write what the image shows, or why it is
 * there). `widths` are the sizes the page draws it at; the API keeps a copy of each (contract.ts).
 */
export interface ImageField extends FieldCommon {
  readonly kind: 'image';
  readonly widths: readonly number[];
}
/** A point on the map: { lat, lng } in decimal degrees. */
export interface CoordinatesField extends FieldCommon {
  readonly kind: 'coordinates';
}
/** The id of another entry, of the named type of the same area. */
export interface ReferenceField extends FieldCommon {
  readonly kind: 'reference';
  readonly to: string;
}
/** A list of objects (presenters, links, contacts), each with fields of its own. */
export interface ListField extends FieldCommon {
  readonly kind: 'list';
  readonly of: Fields;
  /** What one item is called in the editor ("Presenter"). */
  readonly itemLabel: string;
  readonly minItems?: number;
  readonly maxItems?: number;
}

export type Field =
  | TextField
  | LongTextField
  | MarkdownField
  | SlugField
  | DateField
  | DateTimeField
  | UrlField
  | EmailField
  | NumberField
  | BooleanField
  | SelectField
  | ImageField
  | CoordinatesField
  | ReferenceField
  | ListField;

export type FieldKind = Field['kind'];

export type Fields = { readonly [name: string]: Field };

/** Default limits, so a declaration that names none still refuses a novel pasted into a title. */
export const DEFAULT_MAX_LENGTH = { text: 200, longText: 2000, markdown: 50_000 } as const;

// ---- Values ----

/** An image the API stores: its files are /api/content/images/<id>/<width>.webp (contract.ts). */
export interface UploadedImage {
  readonly id: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}
/**
 * An image of a seed entry: a file the remote ships, by the address the page uses ("/mfe/map/
 * assets/logo.1a2b3c4d5e.svg"), until the API imports it as an uploaded image.
 */
export interface SeedImage {
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}
export type ImageValue = UploadedImage | SeedImage;

export interface DateTimeValue {
  /** ISO 8601 with its offset: "2025-07-16T12:00:00-07:00". */
  readonly at: string;
  /** IANA zone the time is shown in: "America/Los_Angeles". */
  readonly timeZone: string;
}

export interface Coordinates {
  readonly lat: number;
  readonly lng: number;
}

/** A Markdown field as the page receives it: HTML the server rendered and sanitised. */
export interface MarkdownHtml {
  readonly html: string;
}

/** An image as the page receives it: ready for <img>. */
export interface PageImage {
  readonly src: string;
  /** Set for uploaded images: one file per declared width. */
  readonly srcSet?: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends { optional: true } ? K : never }[keyof F];
type RequiredKeys<F extends Fields> = Exclude<keyof F, OptionalKeys<F>>;

/** The stored value of a field (what the API keeps and publishes). */
export type FieldValue<F extends Field> = F extends ListField
  ? readonly DataOf<F['of']>[]
  : F extends SelectField
    ? F['options'][number]['value']
    : F extends NumberField
      ? number
      : F extends BooleanField
        ? boolean
        : F extends ImageField
          ? ImageValue
          : F extends DateTimeField
            ? DateTimeValue
            : F extends CoordinatesField
              ? Coordinates
              : string;

/** The value a page renders: Markdown as sanitised HTML, images ready for <img>. */
export type PageValue<F extends Field> = F extends ListField
  ? readonly PageDataOf<F['of']>[]
  : F extends MarkdownField
    ? MarkdownHtml
    : F extends ImageField
      ? PageImage
      : FieldValue<F>;

/** An entry's stored data, inferred from its fields. */
export type DataOf<F extends Fields> = Simplify<
  { readonly [K in RequiredKeys<F>]: FieldValue<F[K]> } & { readonly [K in OptionalKeys<F>]?: FieldValue<F[K]> }
>;

/** An entry's data as its page receives it. */
export type PageDataOf<F extends Fields> = Simplify<
  { readonly [K in RequiredKeys<F>]: PageValue<F[K]> } & { readonly [K in OptionalKeys<F>]?: PageValue<F[K]> }
>;

// ---- Builders: `field.text({ label: 'Title' })`. `const` keeps literal options (select values, optional: true). ----

type Options<F extends Field> = Omit<F, 'kind'>;

export const field = {
  text: <const O extends Options<TextField>>(options: O) => ({ kind: 'text' as const, ...options }),
  longText: <const O extends Options<LongTextField>>(options: O) => ({ kind: 'longText' as const, ...options }),
  markdown: <const O extends Options<MarkdownField>>(options: O) => ({ kind: 'markdown' as const, ...options }),
  slug: <const O extends Options<SlugField>>(options: O) => ({ kind: 'slug' as const, ...options }),
  date: <const O extends Options<DateField>>(options: O) => ({ kind: 'date' as const, ...options }),
  dateTime: <const O extends Options<DateTimeField>>(options: O) => ({ kind: 'dateTime' as const, ...options }),
  url: <const O extends Options<UrlField>>(options: O) => ({ kind: 'url' as const, ...options }),
  email: <const O extends Options<EmailField>>(options: O) => ({ kind: 'email' as const, ...options }),
  number: <const O extends Options<NumberField>>(options: O) => ({ kind: 'number' as const, ...options }),
  boolean: <const O extends Options<BooleanField>>(options: O) => ({ kind: 'boolean' as const, ...options }),
  select: <const O extends Options<SelectField>>(options: O) => ({ kind: 'select' as const, ...options }),
  image: <const O extends Options<ImageField>>(options: O) => ({ kind: 'image' as const, ...options }),
  coordinates: <const O extends Options<CoordinatesField>>(options: O) => ({
    kind: 'coordinates' as const,
    ...options,
  }),
  reference: <const O extends Options<ReferenceField>>(options: O) => ({ kind: 'reference' as const, ...options }),
  list: <const O extends Options<ListField>>(options: O) => ({ kind: 'list' as const, ...options }),
  /** Where an entry stands among its kind on the page: a whole number, lowest first. */
  order: <const H extends string>(help: H) =>
    ({ kind: 'number', label: 'Order', help, integer: true, min: 0, max: 10_000 }) as const,
};

/**
 * A slug from a name: "Cinder & Sage Restoration" -> "cinder-and-sage-restoration" (accents
 * dropped). What the editor suggests from an entry's `slugFrom` field, and how seeds name theirs.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function isUploadedImage(image: ImageValue): image is UploadedImage {
  return 'id' in image;
}
