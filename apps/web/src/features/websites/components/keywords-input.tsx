import type { Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { MAX_KEYWORDS, WEBSITE_LIMITS } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { splitKeywords } from '@traffic/shared/schemas/websites.schema';
import { notify } from '../../../shell/toast.ts';

interface KeywordsInputProps {
  value: string[];
  onChange: (keywords: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  error?: string;
}

/**
 * The keywords as chips: Enter (or leaving the field) adds what was typed. Keywords travel joined by
 * commas, so typed commas split; duplicates are dropped; past MAX_KEYWORDS the extras go, with the
 * product's toast.
 */
export function KeywordsInput({ value, onChange, onBlur, inputRef, disabled = false, error }: KeywordsInputProps) {
  function change(next: string[]) {
    const keywords = [...new Set(next.flatMap(splitKeywords))];
    if (keywords.length > MAX_KEYWORDS) notify.error(MSG.keywordLimit);
    onChange(keywords.slice(0, MAX_KEYWORDS));
  }

  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={value}
      onChange={(_event, next) => change(next)}
      onBlur={onBlur}
      disabled={disabled}
      autoSelect
      renderValue={(keywords, getItemProps) =>
        keywords.map((keyword, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={keyword} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Keywords"
          placeholder={value.length < MAX_KEYWORDS ? 'Type a keyword, then Enter' : undefined}
          error={Boolean(error)}
          helperText={error ?? `Up to ${MAX_KEYWORDS} keywords (${value.length}/${MAX_KEYWORDS}).`}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: WEBSITE_LIMITS.keyword } }}
        />
      )}
    />
  );
}
