import type { ImgHTMLAttributes } from 'react';

/** An illustration of the area's content: its file, its description and its drawn size. */
export interface IllustrationSource {
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

type Props = { readonly image: IllustrationSource } & Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  'className' | 'loading' | 'fetchPriority'
>;

/**
 * The pages' illustrations: the size is always given, so that the page does not shift while the
 * file loads.
 */
export function Illustration({ image, className, ...loading }: Props) {
  return (
    <img className={className} src={image.src} alt={image.alt} width={image.width} height={image.height} {...loading} />
  );
}
