import { Star } from 'lucide-react';

/** A rating of 1-5 as five stars, said in words to screen readers (`label`), never by colour alone. */
export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <p className="flex gap-0.5 text-action-600" aria-label={label} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden
          size={18}
          className={i < Math.round(rating) ? 'fill-current' : 'text-slate-300'}
        />
      ))}
    </p>
  );
}
