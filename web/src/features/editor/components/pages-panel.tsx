/**
 * The left list of the 'Edit' tab: form pages in page order, 'Add page', then the ending pages and 'Add ending'
 * (a form can end in several ways: a page's rules choose the ending, `logic/page-logic.tsx`). An ending no page
 * leads to says so. Then the form-level settings of the template: its hidden fields (`logic/hidden-fields.tsx`), its
 * calculations (`logic/calculations.tsx`) and its quiz mode (`logic/quiz-settings.tsx`).
 */
import { Badge, Button, Divider, NavLink, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFlag, IconPlus } from '../../../ui/icons';
import { addEnding } from '../model/logic-ops';
import { Calculations } from './logic/calculations';
import { HiddenFields } from './logic/hidden-fields';
import { QuizSettings } from './logic/quiz-settings';
import { addPage, endingPages, formPages } from '../model/template-ops';
import { useEditor } from './editor-context';
import classes from './pages-panel.module.css';

export function PagesPanel() {
  const { draft, selectedStepId, select, edit, saveErrors } = useEditor();
  const pages = formPages(draft);
  const endings = endingPages(draft);

  function add() {
    const result = addPage(draft);
    edit(() => result.template);
    select(result.stepId);
  }

  function addAnEnding() {
    const result = addEnding(draft);
    edit(() => result.template);
    select(result.stepId);
  }

  // Endings some page leads to (by default or by a rule); the others are never shown.
  const reached = new Set(pages.flatMap((page) => [page.nextStep.defaultNextStep, ...(page.nextStep.rules ?? []).map((rule) => rule.nextStep)]));

  const errorCount = (stepId: string) =>
    saveErrors.list.filter((error) => error.stepId === stepId).length;

  return (
    <Stack gap={4} data-testid="pages-panel">
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="xs" lts="0.06em">
        Pages
      </Text>
      <nav aria-label="Pages">
        <Stack gap={2}>
          {pages.map((page, index) => (
            <NavLink
              key={page.id}
              component="button"
              active={page.id === selectedStepId}
              onClick={() => select(page.id)}
              label={page.name || `Page ${index + 1}`}
              description={`${page.template.widgets.length} ${page.template.widgets.length === 1 ? 'question' : 'questions'}`}
              leftSection={
                <ThemeIcon size={26} variant={page.id === selectedStepId ? 'filled' : 'light'} radius="sm">
                  <Text fz={12} fw={700}>
                    {index + 1}
                  </Text>
                </ThemeIcon>
              }
              rightSection={errorCount(page.id) > 0 ? <Badge color="red" size="xs" circle>{errorCount(page.id)}</Badge> : undefined}
              data-testid="page-item"
              data-step-id={page.id}
              aria-current={page.id === selectedStepId ? 'page' : undefined}
              className={classes.item}
            />
          ))}
        </Stack>
      </nav>
      <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={add} justify="flex-start" data-testid="add-page-button">
        Add page
      </Button>
      <Divider my="xs" label="After submit" labelPosition="left" />
      {endings.map((ending) => (
        <NavLink
          key={ending.id}
          component="button"
          active={ending.id === selectedStepId}
          onClick={() => select(ending.id)}
          label={ending.name || 'Ending'}
          description={reached.has(ending.id) ? 'Ending page' : 'Ending page · no page leads here'}
          leftSection={
            <ThemeIcon size={26} variant={ending.id === selectedStepId ? 'filled' : 'light'} color="teal" radius="sm">
              <IconFlag size={14} />
            </ThemeIcon>
          }
          data-testid="ending-item"
          data-step-id={ending.id}
          className={classes.item}
        />
      ))}
      <Button variant="subtle" color="teal" leftSection={<IconPlus size={16} />} onClick={addAnEnding} justify="flex-start" data-testid="add-ending-button">
        Add ending
      </Button>
      <Divider my="xs" label="Hidden fields" labelPosition="left" />
      <HiddenFields />
      <Divider my="xs" label="Calculations" labelPosition="left" />
      <Calculations />
      <Divider my="xs" label="Quiz" labelPosition="left" />
      <QuizSettings />
    </Stack>
  );
}
