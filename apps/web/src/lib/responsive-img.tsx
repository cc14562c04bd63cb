import type { ImgHTMLAttributes } from 'react';
import { responsivePicture } from '@siam/contract/images';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** How wide the picture is shown (pictureSizes in @siam/contract/images). */
  sizes: string;
};

/**
 * An <img> that offers the phone every width we have of the picture (our
 * drawings' WebP copies, staff uploads' sizes), so it downloads only what its
 * screen shows. Width and height are the caller's, so nothing shifts.
 */
export function ResponsiveImg({ src, sizes, ...img }: Props) {
  const picture = responsivePicture(src);
  return (
    <img {...img} srcSet={picture.srcSet} sizes={picture.srcSet ? sizes : undefined} src={picture.src} />
  );
}
