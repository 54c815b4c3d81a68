import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { messages, type ListExportFormat } from '@hortus/contract';
import { useSaveAction } from '../saving/use-save-action';

export interface ExportButtonProps {
  /**
   * Makes the file on the server and downloads it (e.g. exportKinder, then download.php); `withOption`: the
   * `option` was ticked in the menu.
   */
  download(format: ListExportFormat, withOption: boolean): Promise<void>;
  /**
   * Something the file leaves out unless chosen (children: 'Gesundheitshinweise einschließen'): a checkbox in
   * the format menu, unticked on every opening; the button beside it never includes it.
   */
  option?: string;
}

const formatLabels: Record<ListExportFormat, string> = {
  csv: 'Als CSV-Datei (Excel)',
  xlsx: 'Als Excel-Arbeitsmappe (XLSX)',
};

/**
 * 'Exportieren' beside 'Importieren' on a list page: the list as CSV in the import's columns (the file
 * the import reads back); the arrow offers the XLSX workbook instead.
 */
export function ExportButton({ download, option }: ExportButtonProps) {
  const saveAction = useSaveAction();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [withOption, setWithOption] = useState(false);
  const run = (format: ListExportFormat, chosen = false) => {
    setOpen(false);
    void saveAction(() => download(format, chosen), { failure: messages.downloadFailed });
  };
  return (
    <>
      <ButtonGroup variant="text" ref={anchor} sx={{ whiteSpace: 'nowrap' }}>
        <Button startIcon={<DownloadIcon />} onClick={() => run('csv')}>
          Exportieren
        </Button>
        <Button
          size="small"
          aria-label="Exportformat wählen"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => {
            setWithOption(false);
            setOpen(true);
          }}
        >
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={anchor.current} open={open} onClose={() => setOpen(false)}>
        {option !== undefined && (
          <MenuItem role="menuitemcheckbox" aria-checked={withOption} onClick={() => setWithOption(!withOption)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={withOption} tabIndex={-1} disableRipple />
            </ListItemIcon>
            {option}
          </MenuItem>
        )}
        {option !== undefined && <Divider />}
        {(Object.keys(formatLabels) as ListExportFormat[]).map((format) => (
          <MenuItem key={format} onClick={() => run(format, withOption)}>
            {formatLabels[format]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
