import { useState, type ImgHTMLAttributes } from 'react';
import { carImageCandidates } from './format';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  car: { car_model_id: number; cover_image: string | null; image_path: string[] };
};

/** A car's picture with the spec's fallback order; width and height are set so nothing shifts. */
export function CarImage({ car, ...img }: Props) {
  const candidates = carImageCandidates(car);
  const [index, setIndex] = useState(0);
  return (
    <img
      width={800}
      height={500}
      {...img}
      src={candidates[Math.min(index, candidates.length - 1)]}
      onError={() => setIndex((i) => (i < candidates.length - 1 ? i + 1 : i))}
    />
  );
}
