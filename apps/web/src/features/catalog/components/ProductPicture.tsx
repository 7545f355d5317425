import type { ProductImage } from '@rebound/contract/catalog';
import type { ImgHTMLAttributes } from 'react';

type ProductPictureProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height'
> & {
  image: ProductImage;
  /** How wide the picture is drawn, as the `sizes` attribute (e.g. '(min-width: 1024px) 640px, 100vw'). */
  sizes: string;
};

/** `srcset` of one format: '…/320.avif 320w, …/640.avif 640w'. */
export function srcSetOf(image: ProductImage, format: 'avif' | 'webp' | 'jpeg'): string {
  return (image.variants ?? [])
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/**
 * An uploaded photo as <picture>: AVIF and WebP sources and a JPEG <img>, each with every width, so
 * the browser takes the smallest that fills the space. Seeded pictures (one url) stay a plain <img>.
 */
export function ProductPicture({ image, sizes, alt, ...img }: ProductPictureProps) {
  const width = image.width ?? 800;
  const height = image.height ?? 800;
  const jpeg = srcSetOf(image, 'jpeg');
  if (!jpeg) return <img src={image.url} alt={alt} width={width} height={height} {...img} />;
  const avif = srcSetOf(image, 'avif');
  const webp = srcSetOf(image, 'webp');
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      <img src={image.url} srcSet={jpeg} sizes={sizes} alt={alt} width={width} height={height} {...img} />
    </picture>
  );
}
