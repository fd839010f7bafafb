/**
 * The Results' summary view: a card per question of the form's live version, in page order, over the responses the
 * toolbar's filters keep (`api/get-summary.ts`; the flows service computes every number). Each card gives the
 * question's name, its type, how many of the responses answered it, and the chart of its summary's kind
 * ({@link SUMMARY_VIEWS}; which kind a question gets is contracts `rules/summary.ts` `SUMMARY_SHAPES`):
 * - choices: a bar per option in the question's order (label, count, share of those who answered), then
 *   'Removed options' when answers hold options the form no longer has;
 * - a Matrix: a table of counts and shares per row and column;
 * - a scale (stars, an opinion scale, a short slider): the average, minimum and maximum, a bar per value, and for a
 *   0–10 opinion scale the Net Promoter Score with its promoters, passives and detractors;
 * - free numbers: the average, minimum and maximum and a bar per bucket;
 * - texts: the latest answers with their times and 'See all responses' (the table, same filters);
 * - dates: the earliest and the latest answer; anything else: how many answered.
 *
 * Accessible first (WCAG 2.2 AA): every bar says its label, count and share in text (a screen reader reads
 * 'Pro: 12 responses, 40%', the bar itself is hidden from it); bars are the brand colour on a light track (4.9:1;
 * WCAG 1.4.11 asks 3:1), text is the body colour. Two columns of cards from 62em (≈ 1000 px), one below.
 */
import { useId, type ReactNode } from 'react';
import { Badge, Box, Button, Card, ScrollArea, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import type { QuestionSummary, QuestionSummaryDetail, SummaryNumberStats } from '@formloom/contracts/api/flows/summary';
import { percentOf } from '@formloom/contracts/rules/summary';
import { WIDGET_TYPES, widgetEditorCopy, type WidgetType } from '@formloom/contracts/widgets/registry';
import { formatDateTime } from '../../../lib/format';
import type { SubmissionsSummary } from '../api/get-summary';
import classes from './results-summary.module.css';

const texts = copy.results;

/** What every kind's view gets: the question's summary, and how to show the table of responses. */
interface SummaryViewProps<K extends QuestionSummaryDetail['kind']> {
  question: QuestionSummary;
  summary: Extract<QuestionSummaryDetail, { kind: K }>;
  onSeeResponses: () => void;
}

/** One bar: its label, its count, and what its share is of. */
interface Bar {
  key: string;
  label: string;
  count: number;
  /** The count its share is of (those who answered). */
  of: number;
  /** The fill's class (the NPS groups have their own colours); the brand colour by default. */
  tone?: string;
}

/**
 * Horizontal bars, one per item, each with its label and '12 · 40%' as text; the spoken text is
 * `copy.results.barText` ('Pro: 12 responses, 40%') and the drawn bar is hidden from assistive technology. The
 * label sits over its bar, or with `compact` (the short labels of a scale: '0' … '10') on the bar's line.
 */
function BarList({ bars, compact = false }: { bars: readonly Bar[]; compact?: boolean }) {
  return (
    <ul className={compact ? `${classes.bars} ${classes.compact}` : classes.bars}>
      {bars.map((bar) => {
        const percent = percentOf(bar.count, bar.of);
        return (
          <li key={bar.key} className={classes.bar} data-testid="summary-bar">
            <VisuallyHidden>{texts.barText(bar.label, bar.count, percent)}</VisuallyHidden>
            <span className={classes.barLabel} aria-hidden="true">
              {bar.label}
            </span>
            <span className={classes.barValue} aria-hidden="true">
              {texts.countAndPercent(bar.count, percent)}
            </span>
            <span className={classes.track} aria-hidden="true">
              <Box component="span" className={`${classes.fill} ${bar.tone ?? ''}`} w={`${bar.of > 0 ? (bar.count / bar.of) * 100 : 0}%`} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Terms and their values side by side ('Average 3.67'), as a description list. */
function Figures({ items }: { items: ReadonlyArray<{ term: string; value: string }> }) {
  return (
    <dl className={classes.figures}>
      {items.map(({ term, value }) => (
        <div key={term} className={classes.figure}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The average, minimum and maximum of numeric answers. */
function NumberFigures({ stats }: { stats: SummaryNumberStats | null }) {
  if (!stats) return null;
  return (
    <Figures
      items={[
        { term: texts.average, value: stats.averageText },
        { term: texts.minimum, value: stats.minText },
        { term: texts.maximum, value: stats.maxText },
      ]}
    />
  );
}

function ChoicesView({ question, summary }: SummaryViewProps<'choices'>) {
  const bars: Bar[] = summary.options.map((option) => ({ key: option.id, label: option.label, count: option.count, of: question.answered }));
  if (summary.removed > 0) bars.push({ key: ' removed', label: texts.removedOptions, count: summary.removed, of: question.answered });
  return (
    <>
      <BarList bars={bars} />
      {summary.multiple && (
        <Text fz="xs" c="dimmed">
          {texts.severalPerResponse}
        </Text>
      )}
    </>
  );
}

function MatrixView({ question, summary }: SummaryViewProps<'matrix'>) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': texts.matrixTable(question.name) }}>
      <Table withRowBorders verticalSpacing="xs" horizontalSpacing="xs" className={classes.matrix}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>{texts.matrixRow}</VisuallyHidden>
            </Table.Th>
            {summary.columns.map((column) => (
              <Table.Th key={column.id} scope="col" className={classes.number}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              {row.counts.map((count, index) => {
                const percent = percentOf(count, row.answered);
                return (
                  <Table.Td key={summary.columns[index]?.id ?? index} className={classes.number}>
                    <span className={classes.cellCount}>{count}</span>
                    <span className={classes.cellPercent}>{percent}%</span>
                    <span className={classes.cellBar} aria-hidden="true">
                      <Box component="span" className={classes.fill} w={`${row.answered > 0 ? (count / row.answered) * 100 : 0}%`} />
                    </span>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function ScaleView({ question, summary }: SummaryViewProps<'scale'>) {
  const { nps } = summary;
  const npsTotal = nps ? nps.promoters + nps.passives + nps.detractors : 0;
  return (
    <>
      {nps && (
        <div className={classes.nps} data-testid="summary-nps">
          <div>
            <Text fz="sm" fw={600}>
              {texts.netPromoterScore}
            </Text>
            <Text className={classes.npsScore}>{nps.score > 0 ? `+${nps.score}` : String(nps.score)}</Text>
            <Text fz="xs" c="dimmed">
              {texts.npsExplained}
            </Text>
          </div>
          <BarList
            bars={[
              { key: 'promoters', label: texts.promoters, count: nps.promoters, of: npsTotal, tone: classes.promoters },
              { key: 'passives', label: texts.passives, count: nps.passives, of: npsTotal, tone: classes.passives },
              { key: 'detractors', label: texts.detractors, count: nps.detractors, of: npsTotal, tone: classes.detractors },
            ]}
          />
        </div>
      )}
      <NumberFigures stats={summary.stats} />
      <BarList compact bars={summary.values.map((value) => ({ key: String(value.value), label: value.label, count: value.count, of: question.answered }))} />
    </>
  );
}

function NumbersView({ summary }: SummaryViewProps<'numbers'>) {
  const counted = summary.buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <>
      <NumberFigures stats={summary.stats} />
      <BarList bars={summary.buckets.map((bucket) => ({ key: bucket.label, label: bucket.label, count: bucket.count, of: counted }))} />
    </>
  );
}

function TextsView({ summary, onSeeResponses }: SummaryViewProps<'texts'>) {
  const headingId = useId();
  return (
    <>
      <Text id={headingId} fz="sm" fw={600}>
        {texts.latestAnswers}
      </Text>
      <ul className={classes.latest} aria-labelledby={headingId}>
        {summary.latest.map((answer) => (
          <li key={answer.submissionId}>
            <Text fz="sm" lineClamp={3} className={classes.answer}>
              {answer.text}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatDateTime(answer.submissionTime)}
            </Text>
          </li>
        ))}
      </ul>
      <Button variant="subtle" size="compact-sm" onClick={onSeeResponses} className={classes.seeAll}>
        {texts.seeAllResponses}
      </Button>
    </>
  );
}

function DatesView({ summary }: SummaryViewProps<'dates'>) {
  return (
    <Figures
      items={[
        { term: texts.earliest, value: summary.earliest ?? '' },
        { term: texts.latest, value: summary.latest ?? '' },
      ]}
    />
  );
}

/** The chart of each summary kind (typed by the kind: a new kind without a view does not compile). */
const SUMMARY_VIEWS: { readonly [K in QuestionSummaryDetail['kind']]: ((props: SummaryViewProps<K>) => ReactNode) | null } = {
  choices: ChoicesView,
  matrix: MatrixView,
  scale: ScaleView,
  numbers: NumbersView,
  texts: TextsView,
  dates: DatesView,
  // How many answered, which the card's header says.
  answered: null,
};

/** The visible name of a question type ('Multiple choice'), or the type itself when the app does not know it. */
function typeName(type: string): string {
  return (WIDGET_TYPES as readonly string[]).includes(type) ? widgetEditorCopy(type as WidgetType).name : type;
}

/** One question's card: its name, its type, how many answered, and its chart. */
function QuestionCard({ question, total, onSeeResponses }: { question: QuestionSummary; total: number; onSeeResponses: () => void }) {
  const headingId = useId();
  const View = SUMMARY_VIEWS[question.summary.kind] as ((props: SummaryViewProps<QuestionSummaryDetail['kind']>) => ReactNode) | null;
  return (
    <Card component="article" aria-labelledby={headingId} padding="lg" className={classes.card} data-testid="summary-card" data-question-id={question.id}>
      <Stack gap="md">
        <div>
          <div className={classes.cardHead}>
            <Title order={3} fz="md" id={headingId} className={classes.cardTitle}>
              {question.name}
            </Title>
            <Badge variant="light" color="gray" className={classes.type}>
              {typeName(question.type)}
            </Badge>
          </div>
          <Text fz="sm" c="dimmed" data-testid="summary-answered">
            {texts.answeredOf(question.answered, total)}
          </Text>
        </div>
        {question.answered === 0 ? (
          <Text fz="sm" c="dimmed">
            {texts.noAnswers}
          </Text>
        ) : (
          View && <View question={question} summary={question.summary} onSeeResponses={onSeeResponses} />
        )}
      </Stack>
    </Card>
  );
}

/** The summary view (see the module doc); `onSeeResponses` switches to the table, keeping the filters. */
export function ResultsSummary({ summary, onSeeResponses }: { summary: SubmissionsSummary; onSeeResponses: () => void }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md" aria-label={texts.summaryRegion} role="list" data-testid="results-summary">
      {summary.questions.map((question) => (
        <div role="listitem" key={question.id} className={classes.item}>
          <QuestionCard question={question} total={summary.totalResponses} onSeeResponses={onSeeResponses} />
        </div>
      ))}
    </SimpleGrid>
  );
}
