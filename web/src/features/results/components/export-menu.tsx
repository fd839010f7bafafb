/**
 * The Results tab's 'Export' menu: 'Download CSV' and 'Download Excel', each a plain link to the export
 * (`exportSubmissionsUrl`) with the table's filters and sort, so the file holds what the table shows; the browser
 * downloads it under the file name the server gives (the form's name and the day). Disabled while the filters keep
 * no response.
 */
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '../../../ui/icons';
import { exportSubmissionsUrl, type ExportFilters } from '../api/export-submissions';

/** Props of {@link ExportMenu}. */
export interface ExportMenuProps {
  publicIdentifier: string;
  /** Whether the form has responses to export (the button is disabled otherwise). */
  hasResponses: boolean;
  /** The table's filters and sort (none: every finished submission, newest first). */
  filters?: ExportFilters;
}

/** The 'Export' menu button of the Results header. */
export function ExportMenu({ publicIdentifier, hasResponses, filters = {} }: ExportMenuProps) {
  return (
    // No initial focus placeholder: Mantine's is a focusable `role="presentation"` element, which a menu may not
    // own (axe's aria-required-children); opening focuses the first item instead.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          disabled={!hasResponses}
          data-testid="results-export"
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={exportSubmissionsUrl(publicIdentifier, 'csv', filters)} download data-testid="results-export-csv">
          Download CSV
        </Menu.Item>
        <Menu.Item component="a" href={exportSubmissionsUrl(publicIdentifier, 'xlsx', filters)} download data-testid="results-export-xlsx">
          Download Excel
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
