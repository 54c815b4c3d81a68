import { useQueryClient } from '@tanstack/react-query';
import { childrenCalls } from '@hortus/contract';
import { ImportButton } from '../../../platform/import/import-button';
import { childrenKeys } from '../api/children';

const columns =
  'Vorname, Nachname, Klasse (fehlende Klassen werden angelegt), Geburtsdatum, Geschlecht, Betreuungsplatz, Entlasszeit, Erziehungsberechtigte/r (legt ein Elternkonto mit Startpasswort an), Benutzername, E-Mail, Telefon, Abholberechtigte';

/** 'Importieren' on the children page (importKinder); reloads the children afterwards. */
export function ChildrenImportButton() {
  const queryClient = useQueryClient();
  return (
    <ImportButton
      spec={childrenCalls.importKinder}
      title="Kinder importieren"
      columns={columns}
      onDone={() => void queryClient.invalidateQueries({ queryKey: childrenKeys.all })}
    />
  );
}
