import KagoState
