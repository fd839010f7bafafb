/**
 * The theme gallery (spec 000 §2 choose_theme): 'Create theme with AI' and 'Make your own' first, then the
 * organization's own themes ('Your themes'), then the featured themes in the spec's order — each a card drawn in its
 * theme (`ThemePreview`) that can be chosen (one at a time, `aria-pressed`). The new-flow dialog's theme stage and
 * the editor's theme dialog both show it.
 */
import type { ReactNode } from 'react';
import { Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Theme, ThemeDefinition } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { FEATURED_THEME_IDS, FEATURED_THEMES, featuredThemeName } from '@formloom/contracts/rules/themes';
import { IconCheck, IconPencil, IconPlus, IconSparkles } from '../../../ui/icons';
import { useThemes } from '../api/themes';
import { ThemePreview } from './theme-preview';
import classes from './themes.module.css';

/** A theme the gallery can show: its id (a featured id or an organization theme's public id), name and design. */
export interface ThemeChoice {
  id: string;
  name: string;
  theme: ThemeDefinition;
}

/** Props of {@link ThemeGallery}. */
export interface ThemeGalleryProps {
  /** The chosen theme's id, or null. */
  selected: string | null;
  /** A card was chosen. */
  onSelect: (id: string) => void;
  /** 'Make your own' was clicked. */
  onMakeYourOwn: () => void;
  /** 'Create theme with AI' was clicked; absent: the card is not shown. */
  onCreateWithAi?: () => void;
  /** Edit one of the organization's themes; absent: no edit button. */
  onEdit?: (theme: Theme) => void;
}

/** The gallery (see the module doc). */
export function ThemeGallery({ selected, onSelect, onMakeYourOwn, onCreateWithAi, onEdit }: ThemeGalleryProps) {
  const themes = useThemes();
  const own = themes.data ?? [];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        {onCreateWithAi && <ActionCard icon={<IconSparkles size={22} />} label={copy.themes.createWithAi} onClick={onCreateWithAi} testId="theme-create-ai" />}
        <ActionCard icon={<IconPlus size={22} />} label={copy.themes.makeYourOwn} onClick={onMakeYourOwn} testId="theme-make-your-own" />
      </SimpleGrid>
      {themes.isPending ? (
        <Group justify="center">
          <Loader size="sm" aria-label="Loading your themes" />
        </Group>
      ) : (
        own.length > 0 && (
          <Section title={copy.themes.yours}>
            {own.map((theme) => (
              <ThemeCard
                key={theme.publicIdentifier}
                choice={{ id: theme.publicIdentifier, name: theme.name, theme: theme.theme }}
                selected={selected === theme.publicIdentifier}
                onSelect={onSelect}
                onEdit={onEdit ? () => onEdit(theme) : undefined}
              />
            ))}
          </Section>
        )
      )}
      <Section title={copy.themes.featured}>
        {FEATURED_THEME_IDS.map((id) => (
          <ThemeCard key={id} choice={{ id, name: featuredThemeName(id), theme: FEATURED_THEMES[id] }} selected={selected === id} onSelect={onSelect} />
        ))}
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" fw={600} c="dimmed">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** A choosable theme: its preview and name; pressed when chosen. */
function ThemeCard({ choice, selected, onSelect, onEdit }: { choice: ThemeChoice; selected: boolean; onSelect: (id: string) => void; onEdit?: () => void }) {
  return (
    <Stack gap={4}>
      <UnstyledButton className={classes.option} aria-pressed={selected} onClick={() => onSelect(choice.id)} data-testid={`theme-option-${choice.id}`}>
        <ThemePreview theme={choice.theme} />
        <span className={classes.optionLabel}>
          <span>{choice.name}</span>
          {selected && <IconCheck size={16} aria-hidden />}
        </span>
      </UnstyledButton>
      {onEdit && (
        <UnstyledButton onClick={onEdit} aria-label={`${copy.themes.design.edit}: ${choice.name}`} data-testid={`theme-edit-${choice.id}`}>
          <Group gap={4} c="dimmed" fz="xs">
            <IconPencil size={12} aria-hidden /> <Text span fz="xs">{copy.themes.design.edit}</Text>
          </Group>
        </UnstyledButton>
      )}
    </Stack>
  );
}

/** 'Make your own' or 'Create theme with AI': a card of a theme's size with an icon and a label. */
function ActionCard({ icon, label, onClick, testId }: { icon: ReactNode; label: string; onClick: () => void; testId: string }) {
  return (
    <UnstyledButton className={classes.option} onClick={onClick} data-testid={testId}>
      <span className={classes.action}>
        {icon}
        <Text fw={600} fz="sm">
          {label}
        </Text>
      </span>
    </UnstyledButton>
  );
}
