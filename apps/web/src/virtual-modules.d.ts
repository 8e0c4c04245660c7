declare module 'virtual:i18n-en-core' {
  const texts: Record<string, unknown>;
  export default texts;
}
