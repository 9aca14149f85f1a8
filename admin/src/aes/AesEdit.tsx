import { Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SingleRecordEdit } from '../layout/SingleRecordEdit.tsx';
import { AesInputs } from './AesInputs.tsx';

/** /business/profile/aes-for-business: AES for business (spec section 3, `aes4biz`). */
export function AesEdit() {
  const translate = useTranslate();
  return (
    <SingleRecordEdit
      resource="profile/aes-for-business"
      title="aes.title"
      saved="aes.saved"
      before={
        <Typography variant="body2" color="text.secondary">
          {translate('aes.intro')}{' '}
          <Link component={RouterLink} to="/members/domains">
            {translate('menu.domains')}
          </Link>
        </Typography>
      }
    >
      <AesInputs />
    </SingleRecordEdit>
  );
}
