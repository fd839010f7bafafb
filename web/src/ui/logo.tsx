/** The Formloom word mark: a rounded square with an "F" and the product name. */
import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@formloom/contracts/copy';

/** The mark (`size` px square) and, unless `withText` is false, the product name beside it; one image named 'Formloom'. */
export function Logo({ size = 28, withText = true }: { size?: number; withText?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label={PRODUCT_NAME}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-6)" />
        <path d="M9 9h14v3.5H13v3h8v3.5h-8V23H9z" fill="#fff" />
      </svg>
      {withText && (
        <Text fw={800} fz={size * 0.68} lh={1} lts="-0.02em">
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
