import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, LinearProgress } from '@mui/material';
import { useRef } from 'react';

type Props = {
  /** Media types the file picker offers. */
  accept: readonly string[];
  /** The upload button's text (also the hidden input's accessible name). */
  chooseLabel: string;
  /** The remove button's text; without `onRemove` there is none. */
  removeLabel: string;
  /** The upload's progress (0…1), or null when none is running. */
  progress: number | null;
  onFile: (file: File) => void;
  onRemove?: (() => void) | undefined;
  testId: string;
};

/**
 * Choosing one file to upload (a logo, a seal's image): a progress bar while it uploads, an
 * "upload" button that opens the file picker (the input itself stays hidden; the same file can
 * be chosen again) and, when there is something to remove, a "remove" button.
 */
export function FileChoice({
  accept,
  chooseLabel,
  removeLabel,
  progress,
  onFile,
  onRemove,
  testId,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {progress !== null ? (
        <LinearProgress variant="determinate" value={progress * 100} sx={{ mb: 1 }} />
      ) : null}
      <input
        ref={input}
        type="file"
        accept={accept.join(',')}
        hidden
        aria-label={chooseLabel}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="button"
          variant="outlined"
          startIcon={<UploadIcon />}
          onClick={() => input.current?.click()}
        >
          {chooseLabel}
        </Button>
        {onRemove ? (
          <Button type="button" color="error" onClick={onRemove}>
            {removeLabel}
          </Button>
        ) : null}
      </Box>
    </>
  );
}
