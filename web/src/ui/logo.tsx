/** The Formloom word mark: a rounded square with an "F" and the product name. */
import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { LogoMark } from './logo-mark';

/** The mark (`size` px square) and, unless `withText` is false, the product name beside it; one image named 'Formloom'. */
export function Logo({ size = 28, withText = true }: { size?: number; withText?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label={PRODUCT_NAME}>
      <LogoMark size={size} />
      {withText && (
        <Text fw={800} fz={size * 0.68} lh={1} lts="-0.02em">
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
