import { useId, useRef, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { fileMatchesRule, type FileRule } from '@hortus/contract';

export interface FilePickerButtonProps {
  label: ReactNode;
  /** The upload field's rule (uploadRule(spec, field)): `accept` of the picker and the German message. */
  rule: FileRule | undefined;
  /** Called with the chosen files, only when every one fits the rule. */
  onFiles(files: File[]): void;
  multiple?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  startIcon?: ReactNode;
  /** An outside message under the button (the server refused the last file). */
  error?: string;
}

/**
 * The platform file picker: a real button (keyboard, screen readers) opening the browser's picker with
 * `accept` from the call's rule. A file of another type is not handed on: the rule's German message
 * shows under the button at once, before anything is sent.
 */
export function FilePickerButton({
  label,
  rule,
  onFiles,
  multiple = false,
  disabled = false,
  variant = 'text',
  size,
  startIcon,
  error,
}: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const [wrongType, setWrongType] = useState<string | null>(null);
  const message = wrongType ?? error;
  return (
    <Stack sx={{ alignItems: 'flex-start' }}>
      <Button
        variant={variant}
        size={size}
        startIcon={startIcon}
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={message ? messageId : undefined}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        multiple={multiple}
        accept={rule?.mimes.join(',')}
        data-testid="file-picker-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length === 0) return;
          if (rule && files.some((file) => !fileMatchesRule(rule, file.type))) {
            setWrongType(rule.message);
            return;
          }
          setWrongType(null);
          onFiles(files);
        }}
      />
      {message && (
        <FormHelperText error id={messageId} role="alert">
          {message}
        </FormHelperText>
      )}
    </Stack>
  );
}
