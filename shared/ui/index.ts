export { Alert } from './Alert';
export { Button } from './Button';
export { Card } from './Card';
export { Spinner } from './Spinner';
export { TextField } from './TextField';
export { PreviewBadge } from './PreviewBadge';
