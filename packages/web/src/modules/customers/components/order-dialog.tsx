import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useWatch } from 'react-hook-form';
import { formatEuro, formatGermanDate, monthlyFromYearly, yearlyFromMonthly } from '@hortus/contract';
import {
  contractNeedsWarning,
  customerMessages,
  defaultContractEnd,
  noticeDeadline,
  orderInput,
  paymentIntervals,
  type CustomerData,
  type LineInput,
  type OrderInput,
  type OrderView,
} from '@hortus/contract/modules/customers';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveCustomers } from '../api/customers';
import { OrderDocuments } from './order-documents';
import { OrderLines } from './order-lines';
import { todayIso } from '../logic/today';
import { CLOSE_DELAY_MS } from '../logic/close-delay';
import { orderKindOptions } from '../logic/options';

const centsText = (cents: number) => formatEuro(cents).replace(' €', '').replace(/\./g, '');

export function orderFormValues(order: OrderView | null, data: CustomerData): OrderInput {
  if (!order)
    return {
      id: 0,
      id_kunde: data.kunden[0]?.id ?? 0,
      typ: 'Auftrag',
      auftragsnummer: '',
      titel: '',
      beschreibung: '',
      adminInfo: '',
      status: data.settings.auftragsstatus[0]?.nummer ?? 1,
      leistungen: [],
      vertrag_nummer: '',
      vertrag_beginn: '',
      vertrag_ende: '',
      vertrag_zahlungJaehrlich: 0,
    };
  return {
    id: order.id,
    id_kunde: order.id_kunde,
    typ: order.typ,
    auftragsnummer: order.auftragsnummer,
    titel: order.titel,
    beschreibung: order.beschreibung,
    adminInfo: order.adminInfo ?? '',
    status: order.status,
    leistungen: order.leistungen.map((line) => ({
      id: line.id,
      pos: line.pos,
      titel: line.titel,
      beschreibung: line.beschreibung,
      anzahl: line.anzahl.replace('.', ','),
      wert: centsText(line.wert),
      mwst: line.mwst.replace('.', ','),
      ustKategorie: (line.ustKategorie ?? '') as LineInput['ustKategorie'],
      befreiungsgrund: line.befreiungsgrund ?? '',
      befreiungsgrundCode: line.befreiungsgrundCode ?? '',
      id_leistungstyp: line.id_leistungstyp,
      id_einnahmestelle: line.id_einnahmestelle,
      kosten: line.kosten ? centsText(line.kosten) : '',
      id_kosten: line.id_kosten ?? 0,
      neuKosten: null,
    })),
    vertrag_nummer: order.vertrag_nummer,
    vertrag_beginn: order.vertrag_beginn,
    vertrag_ende: order.vertrag_ende,
    vertrag_zahlungJaehrlich: order.vertrag_zahlungJaehrlich as 0 | 1 | 2 | 3,
  };
}

/** Order / contract dialog: info with service lines and contract data, documents; Info / Dokumente tabs below 850 px. */
export function OrderDialog({
  order,
  data,
  onClose,
}: {
  order: OrderView | null;
  data: CustomerData;
  onClose(): void;
}) {
  const narrow = useMediaQuery('(max-width:849.95px)');
  const initial = orderFormValues(order, data);
  const form = useSchemaForm(orderInput, initial);
  const { control, setValue } = form;
  const { mutateAsync: save } = useSaveCustomers();
  const typ = useWatch({ control, name: 'typ' });
  const begin = useWatch({ control, name: 'vertrag_beginn' }) ?? '';
  const end = useWatch({ control, name: 'vertrag_ende' }) ?? '';
  const status = useWatch({ control, name: 'status' });
  const readOnly = data.istKunde;
  const isContract = typ === 'Vertrag';

  // A chosen service type brings its VAT rate and category with the exemption reason.
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      // A typed rate that no longer fits the line's category (S above 0 %, the others at 0 %) goes back to
      // 'nach Steuersatz' instead of leaving the line invalid, e.g. 19 % typed on an exempt after-care line.
      const rateMatch = name ? /^leistungen\.(\d+)\.mwst$/.exec(name) : null;
      if (rateMatch) {
        const index = Number(rateMatch[1]);
        const line = values.leistungen?.[index];
        const rate = Number(String(line?.mwst ?? '').replace(',', '.'));
        const category = line?.ustKategorie ?? '';
        if (category !== '' && !Number.isNaN(rate) && (category === 'S') === (rate === 0)) {
          const options = { shouldDirty: true, shouldValidate: true };
          setValue(`leistungen.${index}.ustKategorie`, '', options);
          setValue(`leistungen.${index}.befreiungsgrund`, '', options);
          setValue(`leistungen.${index}.befreiungsgrundCode`, '', options);
        }
        return;
      }
      const match = name ? /^leistungen\.(\d+)\.id_leistungstyp$/.exec(name) : null;
      if (!match) return;
      const index = Number(match[1]);
      const type = data.settings.leistungstypen.find((t) => t.id === values.leistungen?.[index]?.id_leistungstyp);
      if (!type) return;
      const options = { shouldDirty: true, shouldValidate: true };
      setValue(`leistungen.${index}.mwst`, type.mwst.replace('.', ','), options);
      setValue(`leistungen.${index}.ustKategorie`, type.ustKategorie, options);
      setValue(`leistungen.${index}.befreiungsgrund`, type.befreiungsgrund, options);
      setValue(`leistungen.${index}.befreiungsgrundCode`, type.befreiungsgrundCode, options);
    });
    return () => subscription.unsubscribe();
  }, [form, data.settings.leistungstypen, setValue]);

  const statusOptions = (isContract ? data.settings.vertragsstatus : data.settings.auftragsstatus).map((s) => ({
    value: s.nummer,
    label: `${s.nummer} – ${s.kurz}`,
  }));
  const customerOptions = data.kunden.map((k) => ({ value: k.id, label: `${k.kundennummer} – ${k.ident}` }));
  if (order && !data.kunden.some((k) => k.id === order.id_kunde))
    customerOptions.unshift({
      value: order.id_kunde,
      label: `${order.kundennummer} – ${order.kunde_ident} (gelöscht)`,
    });
  const today = todayIso();
  // The lines are one payment period: yearly = period × periods per year; monthly = yearly ÷ 12.
  const months = paymentIntervals.find((p) => p.code === order?.vertrag_zahlungJaehrlich)?.months ?? 1;
  const yearly = order ? (months === 1 ? yearlyFromMonthly(order.umsatz) : order.umsatz * (12 / months)) : 0;

  const info = (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelectField
          control={control}
          name="id_kunde"
          label="Kunde"
          options={customerOptions}
          fullWidth
          disabled={readOnly}
        />
        <FormSelectField
          control={control}
          name="typ"
          label="Art"
          options={orderKindOptions}
          sx={{ minWidth: 140 }}
          disabled={readOnly}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="auftragsnummer"
          label="Auftragsnummer"
          helperText={readOnly ? undefined : 'Leer: nächste freie Nummer'}
          disabled={readOnly}
        />
        <FormTextField control={control} name="titel" label="Titel" fullWidth disabled={readOnly} />
        <FormSelectField
          control={control}
          name="status"
          label="Status"
          options={statusOptions}
          sx={{ minWidth: 180 }}
          disabled={readOnly}
        />
      </Stack>
      <FormTextField
        control={control}
        name="beschreibung"
        label="Beschreibung (für den Kunden sichtbar)"
        multiline
        minRows={2}
        disabled={readOnly}
      />
      {!readOnly && (
        <FormTextField
          control={control}
          name="adminInfo"
          label="Interne Info (nicht für den Kunden)"
          multiline
          minRows={2}
        />
      )}
      {isContract && (
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h3">
            Vertrag
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={control} name="vertrag_nummer" label="Vertragsnummer" disabled={readOnly} />
            <FormDateField
              control={control}
              name="vertrag_beginn"
              label="Beginn"
              disabled={readOnly}
              onChange={(value) => {
                if (end === '' && /^\d{4}-\d{2}-\d{2}$/.test(value))
                  setValue('vertrag_ende', defaultContractEnd(value), { shouldDirty: true });
              }}
            />
            <FormDateField control={control} name="vertrag_ende" label="Ende" disabled={readOnly} />
            <FormSelectField
              control={control}
              name="vertrag_zahlungJaehrlich"
              label="Zahlungsintervall"
              options={paymentIntervals.map((p) => ({ value: p.code, label: p.name }))}
              sx={{ minWidth: 170 }}
              disabled={readOnly}
            />
          </Stack>
          {/^\d{4}-\d{2}-\d{2}$/.test(end) && (
            <Typography variant="body2">
              Kündigungsfrist: {formatGermanDate(noticeDeadline(end))}
              {begin !== '' ? ` · Laufzeit ${formatGermanDate(begin)} – ${formatGermanDate(end)}` : ''}
            </Typography>
          )}
          {/^\d{4}-\d{2}-\d{2}$/.test(end) && contractNeedsWarning(end, status, today) && (
            <Alert severity="warning">{customerMessages.noticeWarning(formatGermanDate(noticeDeadline(end)))}</Alert>
          )}
          {order && order.umsatz !== 0 && (
            <Typography variant="body2" color="text.secondary">
              {`Jährlich: ${formatEuro(yearly)} netto · monatlich: ${formatEuro(monthlyFromYearly(yearly))} netto`}
            </Typography>
          )}
        </Stack>
      )}
      <OrderLines control={control} settings={data.settings} readOnly={readOnly} costs={data.kosten} />
    </Stack>
  );
  const documents = order ? (
    <OrderDocuments order={data.auftraege.find((o) => o.id === order.id) ?? order} data={data} />
  ) : (
    <Typography color="text.secondary">Dokumente können nach dem ersten Speichern erstellt werden.</Typography>
  );

  return (
    <FormDialog
      form={form}
      title={order ? `${order.typ} ${order.auftragsnummer} – ${order.titel}` : 'Neuer Auftrag'}
      width={900}
      fullScreenBelow="md"
      saveOnlyWhenDirty
      closeDelayMs={CLOSE_DELAY_MS}
      readOnly={readOnly}
      texts={{ success: 'Der Auftrag wurde gespeichert.', failure: customerMessages.saveFailed }}
      onSubmit={(values) =>
        save({ type: values.id > 0 ? 'saveAuftrag' : 'addAuftrag', data: { ...values, version: order?.version } })
      }
      onClose={onClose}
      onDelete={
        order
          ? {
              confirm: 'Auftrag löschen? Alle Leistungen und Dokumente werden gelöscht.',
              texts: { failure: customerMessages.saveFailed },
              run: () => save({ type: 'delAuftrag', data: { id: order.id } }),
            }
          : undefined
      }
      tabs={
        narrow
          ? [
              { label: 'Info', fields: Object.keys(initial), content: info },
              { label: 'Dokumente', content: documents, own: true },
            ]
          : undefined
      }
      own={narrow ? undefined : documents}
    >
      {narrow ? undefined : info}
    </FormDialog>
  );
}
