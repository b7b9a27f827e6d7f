export { Alert } from './Alert';
export { ErrorState } from './ErrorState';
export { Button } from './Button';
export { Card } from './Card';
export { Spinner } from './Spinner';
export { TextField } from './TextField';
export { PasswordField } from './PasswordField';
export { CodeField } from './CodeField';
export { TotpSecret } from './TotpSecret';
export { PhoneField } from './PhoneField';
export { PreviewBadge } from './PreviewBadge';
export { Checkbox } from './Checkbox';
export { ConfirmDialog } from './ConfirmDialog';
export { Dialog, DialogActions } from './Dialog';
export { Tabs, type TabItem } from './Tabs';
export { Skeleton, SkeletonBlock } from './Skeleton';
export { ToastProvider, useToast, type ToastInput } from './Toast';
// DataTable (TanStack) and form (react-hook-form, zod, libphonenumber) are imported by path, so that only
// the lazy portal chunks carry those libraries, never the login box.
