// The face of the notification settings: what other features may use.
export { SettingsCard } from './SettingsCard';
