import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { childrenCalls } from '@hortus/contract/modules/children';
import { ImportButton } from '../../../platform/import/import-button';
import { ExportButton } from '../../../platform/import/export-button';
import { childrenKeys, downloadChildrenList, downloadLetters } from '../api/children';

const columns =
  'Vorname, Nachname, Klasse (fehlende Klassen werden angelegt), Geburtsdatum, Geschlecht, Betreuungsplatz, Entlasszeit, Erziehungsberechtigte/r (legt ein Elternkonto mit Startpasswort an), Benutzername, E-Mail, Telefon, Abholberechtigte';

/** The new parent accounts' login letters (start passwords), right after the import. */
function LoginLetters({ ids }: { ids: readonly number[] }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setFailed(false);
          downloadLetters(ids).catch(() => setFailed(true));
        }}
      >
        Login-Briefe der {ids.length} neuen Elternkonten
      </Button>
      {failed && <Alert severity="error">Die Login-Briefe konnten nicht erstellt werden.</Alert>}
    </>
  );
}

/** 'Importieren' on the children page (importKinder); reloads the children afterwards. */
export function ChildrenImportButton() {
  const queryClient = useQueryClient();
  return (
    <ImportButton
      spec={childrenCalls.importKinder}
      title="Kinder importieren"
      columns={columns}
      onDone={() => void queryClient.invalidateQueries({ queryKey: childrenKeys.all })}
      afterImport={(reply) =>
        reply.neueEltern && reply.neueEltern.length > 0 ? <LoginLetters ids={reply.neueEltern} /> : null
      }
    />
  );
}

/**
 * 'Exportieren' on the children page (exportKinder): the children the user sees, in the import's columns;
 * their health notes only when 'Gesundheitshinweise einschließen' is ticked in the menu (issue 44).
 */
export function ChildrenExportButton() {
  return <ExportButton download={downloadChildrenList} option="Gesundheitshinweise einschließen" />;
}
