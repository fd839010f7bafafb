/** StarRating input: STAR_RATING_MAX clickable stars, each a button named '1 star', '2 stars', … */
import { Group, UnstyledButton } from '@mantine/core';
import { STAR_RATING_MAX } from '@formloom/contracts/limits';
import { IconStar } from '../../../ui/icons';

export function starLabel(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

export function StarRating({ value, onChange, labelledBy, describedBy, invalid }: { value: number | undefined; onChange: (value: number | undefined) => void; labelledBy: string; describedBy?: string; invalid?: boolean }) {
  return (
    <Group gap={4} role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} aria-invalid={invalid || undefined} data-testid="star-rating">
      {Array.from({ length: STAR_RATING_MAX }, (_, i) => i + 1).map((n) => {
        const filled = value !== undefined && n <= value;
        return (
          <UnstyledButton
            key={n}
            type="button"
            aria-label={starLabel(n)}
            aria-pressed={value === n}
            onClick={() => onChange(value === n ? undefined : n)}
            p={4}
            style={{
              color: filled ? 'var(--mantine-color-yellow-5)' : 'var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
              lineHeight: 0,
              transition: 'transform 120ms ease, color 120ms ease',
            }}
            onMouseEnter={(event) => (event.currentTarget.style.transform = 'scale(1.12)')}
            onMouseLeave={(event) => (event.currentTarget.style.transform = 'none')}
          >
            <IconStar size={36} filled={filled} />
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
