/** Registers the breadcrumb labels of the templates pages (path prefix → label) after render: the shared hook of src/ui/breadcrumb. */
export { useRegisterBreadcrumbLabels as useBreadcrumbLabels } from '../../ui/breadcrumb/labels'
