import { useState, type ImgHTMLAttributes } from 'react';
import { pictureSizes } from '@siam/contract/images';
import { ResponsiveImg } from '../../lib/responsive-img';
import { carImageCandidates } from './format';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  car: { car_model_id: number; cover_image: string | null; image_path: string[] };
};

/** A car's picture with the spec's fallback order; width and height are set so nothing shifts. */
export function CarImage({ car, ...img }: Props) {
  const candidates = carImageCandidates(car);
  const [index, setIndex] = useState(0);
  return (
    <ResponsiveImg
      width={800}
      height={500}
      {...img}
      sizes={pictureSizes.carCard}
      src={candidates[Math.min(index, candidates.length - 1)]!}
      onError={() => setIndex((i) => (i < candidates.length - 1 ? i + 1 : i))}
    />
  );
}
