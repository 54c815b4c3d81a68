import type { UseFormReturn } from 'react-hook-form';
import type { EditChildData } from '@hortus/contract/modules/children';
import type { ChildFormValues } from '../../logic/child-form';

/** The child dialog's form, as each tab gets it. */
export type ChildForm = UseFormReturn<ChildFormValues, unknown, EditChildData>;
