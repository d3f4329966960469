/** Contact addresses shown on the static pages (placeholders of this deployment, `.example` domain). */
export const DPO_EMAIL = 'rpd@puntodigitale.example'
export const PRIVACY_EMAIL = 'privacy@puntodigitale.example'
export const ACCESSIBILITY_EMAIL = 'accessibilita@puntodigitale.example'
