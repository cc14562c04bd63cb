import type { DamageMark } from '@siam/contract/condition-reports';

/** Areas of the car a mark can be put on from the keyboard (x, y in percent of the outline, front at the top). */
export const carAreas = {
  frontLeft: [22, 12],
  front: [50, 6],
  frontRight: [78, 12],
  left: [14, 50],
  roof: [50, 50],
  right: [86, 50],
  rearLeft: [22, 88],
  rear: [50, 94],
  rearRight: [78, 88],
} as const;
export type CarArea = keyof typeof carAreas;

/**
 * The car seen from above, front at the top, with numbered damage marks (decision 1804). `earlier`
 * marks (the pickup's, on the return's outline) are grey; `onPoint` makes a tap add a mark there.
 */
export function CarOutline({
  marks,
  earlier = [],
  label,
  onPoint,
}: {
  marks: DamageMark[];
  earlier?: DamageMark[];
  label: string;
  onPoint?: (x: number, y: number) => void;
}) {
  const tap = (e: React.MouseEvent<SVGSVGElement>) => {
    if (!onPoint) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const x = Math.round(((e.clientX - rect.left) / rect.width) * 100);
    const y = Math.round(((e.clientY - rect.top) / rect.height) * 100);
    onPoint(Math.min(100, Math.max(0, x)), Math.min(100, Math.max(0, y)));
  };
  const dot = (m: DamageMark, i: number, colour: string) => (
    <g key={`${colour}${i}`}>
      <circle cx={m.x} cy={m.y * 2} r="6" fill={colour} stroke="#fff" strokeWidth="1.5" />
      <text x={m.x} y={m.y * 2 + 3} textAnchor="middle" fontSize="8" fill="#fff" fontWeight="700">
        {i + 1}
      </text>
    </g>
  );
  return (
    <svg
      viewBox="0 0 100 200"
      role="img"
      aria-label={label}
      data-testid="car-outline"
      className={`h-64 w-32 ${onPoint ? 'cursor-crosshair' : ''}`}
      onClick={tap}
    >
      <rect x="18" y="6" width="64" height="188" rx="22" fill="#f1f5f9" stroke="#334155" strokeWidth="2" />
      <path d="M26 52 Q50 40 74 52 L70 74 Q50 68 30 74 Z" fill="#cbd5e1" stroke="#334155" />
      <path d="M30 150 Q50 156 70 150 L74 168 Q50 176 26 168 Z" fill="#cbd5e1" stroke="#334155" />
      {[
        [12, 34],
        [80, 34],
        [12, 142],
        [80, 142],
      ].map(([x, y]) => (
        <rect key={`${x}${y}`} x={x} y={y} width="8" height="26" rx="3" fill="#334155" />
      ))}
      {earlier.map((m, i) => dot(m, i, '#64748b'))}
      {marks.map((m, i) => dot(m, earlier.length + i, '#b91c1c'))}
    </svg>
  );
}
