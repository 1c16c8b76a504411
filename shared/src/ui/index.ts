export { Dialog, type DialogProps } from './Dialog';
export { Button, type ButtonProps } from './Button';
