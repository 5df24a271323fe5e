// react-bootstrap-icons ships one module per icon but types only for its index; importing each icon's
// own module keeps the build from reading the other two thousand (docs/performance.md, "The first page").
declare module 'react-bootstrap-icons/dist/icons/*' {
  const Icon: import('react-bootstrap-icons').Icon;
  export default Icon;
}
