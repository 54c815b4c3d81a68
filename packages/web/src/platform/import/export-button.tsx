import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { messages, type ListExportFormat } from '@hortus/contract';
import { useSaveAction } from '../saving/use-save-action';

export interface ExportButtonProps {
  /** Makes the file on the server and downloads it (e.g. exportKinder, then download.php). */
  download(format: ListExportFormat): Promise<void>;
}

const formatLabels: Record<ListExportFormat, string> = {
  csv: 'Als CSV-Datei (Excel)',
  xlsx: 'Als Excel-Arbeitsmappe (XLSX)',
};

/**
 * 'Exportieren' beside 'Importieren' on a list page: the list as CSV in the import's columns (the file
 * the import reads back); the arrow offers the XLSX workbook instead.
 */
export function ExportButton({ download }: ExportButtonProps) {
  const saveAction = useSaveAction();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const run = (format: ListExportFormat) => {
    setOpen(false);
    void saveAction(() => download(format), { failure: messages.downloadFailed });
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
          onClick={() => setOpen(true)}
        >
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={anchor.current} open={open} onClose={() => setOpen(false)}>
        {(Object.keys(formatLabels) as ListExportFormat[]).map((format) => (
          <MenuItem key={format} onClick={() => run(format)}>
            {formatLabels[format]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
