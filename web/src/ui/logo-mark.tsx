/** The Formloom mark alone: a rounded square with an "F" (decorative; the caller names it). No UI library. */

/** The mark, `size` px square, in `color` (a CSS colour; the brand colour by default). */
export function LogoMark({ size = 28, color = 'var(--mantine-color-brand-6, #5b4bff)' }: { size?: number; color?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={color} />
      <path d="M9 9h14v3.5H13v3h8v3.5h-8V23H9z" fill="#fff" />
    </svg>
  );
}
