import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MapIcon from '@mui/icons-material/Map';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMemo } from 'react';
import { formatEuro } from '@hortus/contract';
import { customerMessages, type CustomerData, type CustomerView } from '@hortus/contract/modules/customers';
import { useAlert } from '../../../platform/alert/alert-context';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormFieldArray } from '../../../platform/forms/form-field-array';
import { FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { FormParameterField } from '../../../platform/user-parameters/form-parameter-field';
import { parameterKey } from '../../../platform/user-parameters/parameter-schema';
import { useSaveCustomers } from '../api/customers';
import {
  customerFieldOf,
  customerFormSchema,
  customerToSave,
  loginValuesOf,
  type CustomerFormValues,
} from '../logic/login-values';
import { CLOSE_DELAY_MS } from '../logic/close-delay';

/** How long the answer to a customer's deletion (what is kept until when) stays on screen. */
const ERASURE_NOTICE_MS = 15_000;

const emptyContact = {
  id: 0,
  bezeichnung: '',
  anrede: 'Herr' as const,
  vorname: '',
  nachname: '',
  mail: '',
  telefon_festnetz: '',
  telefon_mobil: '',
  info: '',
  sort: 0,
};
const emptyAddress = {
  id: 0,
  bezeichnung: '',
  firma: '',
  suffix: '',
  strasse: '',
  hausnummer: '',
  plz: '',
  ort: '',
  info: '',
  sort: 0,
};

export function customerFormValues(customer: CustomerView | null): CustomerFormValues {
  if (!customer)
    return {
      id: 0,
      kundennummer: '',
      firma: '',
      id_login: 0,
      leitwegId: '',
      ansprechpartner: [],
      anschriften: [],
      werte: {},
    };
  return {
    id: customer.id,
    kundennummer: customer.kundennummer,
    firma: customer.firma,
    id_login: customer.id_login,
    leitwegId: customer.leitwegId,
    ansprechpartner: customer.ansprechpartner,
    anschriften: customer.anschriften,
    werte: loginValuesOf(customer),
  };
}

/** An OpenStreetMap search for an address (opens in a new tab). */
export function mapsLink(address: { strasse?: string; hausnummer?: string; plz?: string; ort?: string }): string {
  const query =
    `${address.strasse ?? ''} ${address.hausnummer ?? ''}, ${address.plz ?? ''} ${address.ort ?? ''}`.trim();
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** Customer dialog: tabs Kunde (data, contacts and addresses as panels) and Aufträge (this customer's orders). */
export function CustomerDialog({
  customer,
  data,
  onClose,
}: {
  customer: CustomerView | null;
  data: CustomerData;
  onClose(): void;
}) {
  const schema = useMemo(() => customerFormSchema(customer), [customer]);
  const initial = customerFormValues(customer);
  const form = useSchemaForm(schema, initial);
  const { control } = form;
  // New rows (added in this dialog) start with their panel open.
  const initialContacts = initial.ansprechpartner?.length ?? 0;
  const initialAddresses = initial.anschriften?.length ?? 0;
  const contactCount = (useWatch({ control, name: 'ansprechpartner' }) ?? []).length;
  const addressCount = (useWatch({ control, name: 'anschriften' }) ?? []).length;
  const chosenLogin = Number(useWatch({ control, name: 'id_login' }) ?? 0);
  // The login's user parameters (f200) show while its stored login is chosen.
  const loginParameters = customer?.nutzer && chosenLogin === customer.id_login ? customer.nutzer.nutzerparameter : [];
  const { mutateAsync: save } = useSaveCustomers();
  const alert = useAlert();
  const navigate = useNavigate();
  const readOnly = data.istKunde;
  const orders = customer ? data.auftraege.filter((order) => order.id_kunde === customer.id) : [];
  const loginOptions = [
    { value: 0, label: 'Kein Zugang' },
    ...data.kundenLogins.map((login) => ({ value: login.id, label: login.ident })),
  ];

  const ordersList = (
    <List dense>
      {orders.length === 0 && <Typography>{customerMessages.noOrders}</Typography>}
      {orders.map((order) => (
        <ListItemButton key={order.id} onClick={() => void navigate(`/410-100?a=${order.id}`)}>
          <ListItemText
            primary={`${order.auftragsnummer} · ${order.titel}`}
            secondary={`${order.typ} · ${formatEuro(order.umsatz)} netto`}
          />
        </ListItemButton>
      ))}
    </List>
  );
  const fields = (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="kundennummer"
          label="Kundennummer"
          helperText={readOnly ? undefined : 'Leer: nächste freie Nummer'}
          disabled={readOnly}
        />
        <FormTextField control={control} name="firma" label="Firma" fullWidth disabled={readOnly} />
      </Stack>
      {!readOnly && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormSelectField control={control} name="id_login" label="Kundenzugang" options={loginOptions} fullWidth />
          <FormTextField
            control={control}
            name="leitwegId"
            label="Leitweg-ID (XRechnung)"
            helperText="Nur für öffentliche Auftraggeber"
            fullWidth
          />
        </Stack>
      )}
      {!readOnly && chosenLogin !== 0 && chosenLogin !== customer?.id_login && (
        <Typography variant="body2" color="text.secondary">
          Die Nutzerparameter des Zugangs lassen sich nach dem Speichern bearbeiten.
        </Typography>
      )}
      {!readOnly && loginParameters.length > 0 && (
        <Box component="section" aria-label="Nutzerparameter des Zugangs">
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Nutzerparameter des Zugangs
          </Typography>
          <Stack spacing={2}>
            {loginParameters.map((parameter) => (
              <FormParameterField
                key={parameter.id}
                control={control}
                name={`werte.${parameterKey(parameter.id)}`}
                parameter={parameter}
                disabled={!parameter.bearbeiten}
              />
            ))}
          </Stack>
        </Box>
      )}
      <FormFieldArray
        control={control}
        name="ansprechpartner"
        title="Ansprechpartner"
        addLabel="Ansprechpartner hinzufügen"
        removeLabel="Ansprechpartner entfernen"
        disabled={readOnly}
        newItem={() => ({ ...emptyContact, sort: contactCount })}
        renderSummary={(_path, index) => <ContactTitle control={control} index={index} />}
        startsExpanded={(index) => initialContacts <= index}
        renderItem={(path) => (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField
                control={control}
                name={`${path}.anrede`}
                label="Anrede"
                options={[
                  { value: 'Herr', label: 'Herr' },
                  { value: 'Frau', label: 'Frau' },
                ]}
                sx={{ minWidth: 120 }}
                disabled={readOnly}
              />
              <FormTextField control={control} name={`${path}.vorname`} label="Vorname" fullWidth disabled={readOnly} />
              <FormTextField
                control={control}
                name={`${path}.nachname`}
                label="Nachname"
                fullWidth
                disabled={readOnly}
              />
            </Stack>
            <TextFieldRow
              control={control}
              disabled={readOnly}
              fields={[
                { name: `${path}.mail`, label: 'E-Mail' },
                { name: `${path}.telefon_festnetz`, label: 'Telefon' },
                { name: `${path}.telefon_mobil`, label: 'Mobil' },
              ]}
            />
            <FormTextField control={control} name={`${path}.bezeichnung`} label="Funktion" disabled={readOnly} />
            <FormTextField control={control} name={`${path}.info`} label="Info" multiline disabled={readOnly} />
          </>
        )}
      />
      <FormFieldArray
        control={control}
        name="anschriften"
        title="Anschriften"
        addLabel="Anschrift hinzufügen"
        removeLabel="Anschrift entfernen"
        disabled={readOnly}
        newItem={() => ({ ...emptyAddress, sort: addressCount })}
        renderSummary={(_path, index) => <AddressTitle control={control} index={index} />}
        startsExpanded={(index) => initialAddresses <= index}
        renderItem={(path) => (
          <>
            <TextFieldRow
              control={control}
              disabled={readOnly}
              fields={[
                { name: `${path}.bezeichnung`, label: 'Bezeichnung (intern)' },
                { name: `${path}.firma`, label: 'Firma / Name' },
                { name: `${path}.suffix`, label: 'Zusatz' },
              ]}
            />
            <TextFieldRow
              control={control}
              disabled={readOnly}
              fields={[
                { name: `${path}.strasse`, label: 'Straße' },
                { name: `${path}.hausnummer`, label: 'Hausnummer', narrow: true },
              ]}
            />
            <TextFieldRow
              control={control}
              disabled={readOnly}
              fields={[
                { name: `${path}.plz`, label: 'PLZ', narrow: true },
                { name: `${path}.ort`, label: 'Ort' },
              ]}
            />
            <FormTextField control={control} name={`${path}.info`} label="Info" multiline disabled={readOnly} />
          </>
        )}
        renderAfter={(_path, index) => <AddressMapLink control={control} index={index} />}
      />
    </>
  );

  return (
    <FormDialog
      form={form}
      title={customer ? `Kunde ${customer.kundennummer} – ${customer.ident}` : 'Neuer Kunde'}
      width={900}
      saveOnlyWhenDirty
      closeDelayMs={CLOSE_DELAY_MS}
      readOnly={readOnly}
      texts={{ success: 'Der Kunde wurde gespeichert.', failure: customerMessages.saveFailed }}
      onSubmit={(values) =>
        save({
          type: values.id > 0 ? 'saveKunde' : 'addKunde',
          data: { ...customerToSave(customer, values), version: customer?.version },
        })
      }
      serverErrors={{ fieldOf: customerFieldOf }}
      onClose={onClose}
      onDelete={
        customer
          ? {
              confirm: customerMessages.deleteCustomer,
              texts: { failure: customerMessages.saveFailed },
              run: async () => {
                const { hinweis } = await save({ type: 'delKunde', data: { id: customer.id } });
                // Issue 45: what stays blocked for its legal period, and until when.
                if (hinweis) alert.show(hinweis, 'success', ERASURE_NOTICE_MS);
              },
            }
          : undefined
      }
      tabs={
        customer
          ? [
              { label: 'Kunde', fields: Object.keys(initial), content: fields },
              { label: 'Aufträge', content: ordersList, own: true },
            ]
          : undefined
      }
    >
      {customer ? undefined : fields}
    </FormDialog>
  );
}

type CustomerControl = ReturnType<typeof useSchemaForm<ReturnType<typeof customerFormSchema>>>['control'];

/** Text fields side by side (one below the other on phones); all take the row's width unless narrow. */
function TextFieldRow({
  control,
  fields,
  disabled,
}: {
  control: CustomerControl;
  fields: readonly { name: FieldPath<CustomerFormValues>; label: string; narrow?: boolean }[];
  disabled: boolean;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {fields.map((field) => (
        <FormTextField
          key={field.name}
          control={control}
          name={field.name}
          label={field.label}
          fullWidth={!field.narrow}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

function ContactTitle({ control, index }: { control: CustomerControl; index: number }) {
  const contact = useWatch({ control, name: `ansprechpartner.${index}` });
  const name = `${contact?.anrede ?? ''} ${contact?.vorname ?? ''} ${contact?.nachname ?? ''}`
    .replace(/\s+/g, ' ')
    .trim();
  return (
    <Typography>
      {contact && `${contact.vorname}${contact.nachname}` !== '' ? name : 'Neuer Ansprechpartner'}
    </Typography>
  );
}

function AddressTitle({ control, index }: { control: CustomerControl; index: number }) {
  const value = useWatch({ control, name: `anschriften.${index}` });
  const title = [
    value?.bezeichnung,
    value?.firma,
    `${value?.strasse ?? ''} ${value?.hausnummer ?? ''}`.trim(),
    value?.ort,
  ]
    .filter(Boolean)
    .join(', ');
  return <Typography>{title || 'Neue Anschrift'}</Typography>;
}

function AddressMapLink({ control, index }: { control: CustomerControl; index: number }) {
  const value = useWatch({ control, name: `anschriften.${index}` });
  if (!value || value.ort === '') return null;
  return (
    <Link href={mapsLink(value)} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', gap: 0.5 }}>
      <MapIcon fontSize="small" /> In Karte öffnen
    </Link>
  );
}
