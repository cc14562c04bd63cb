/** An extra as a booking shows it: its name, and how many when more than one (two child seats: "Child seat × 2"). */
export const addonLabel = (a: { label: string; quantity: number }) =>
  a.quantity > 1 ? `${a.label} × ${a.quantity}` : a.label;
