/** A gRPC monitor (POST /v1/checks/grpc): props are its create body, with references for the id fields (check.ts). */
import { grpcCheck } from '../domain/checks/grpc.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'

export type GrpcMonitorProps = CheckProps<typeof grpcCheck>
export type GrpcMonitorPayload = CheckPayload<typeof grpcCheck>

export class GrpcMonitor extends Check {
  readonly props: GrpcMonitorProps

  constructor(logicalId: string, props: GrpcMonitorProps) {
    super(logicalId, { checkType: 'grpc', frequencies: grpcCheck.frequencies }, props)
    this.props = props
  }
}
